// The case studies as scriptable features: the registry of CaseStudies, opened for NavScript,
// shared by navctl (local scenarios) and navd (sessions).

import CaseStudies
import CaseStudyViews
import Composable
import NavScript

extension ScriptFeature {
  /// Every feature of `FeatureRegistry`, in its order, with the local live fact client (the
  /// test value fails on purpose, and scripts need facts to run Screen A).
  public static var caseStudies: [ScriptFeature] {
    FeatureRegistry.all.map { registered in
      func make<F: LaunchableFeature>(_: F.Type) -> ScriptFeature {
        ScriptFeature(
          name: registered.name, summary: registered.summary,
          initialState: { F.initialState }, reducer: { F() },
          dependencies: { $0.factClient = .liveValue }, view: CaseStudyView.view(for: F.self))
      }
      return make(registered.feature)
    }
  }
}
