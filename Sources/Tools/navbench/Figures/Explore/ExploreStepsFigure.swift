// Explore steps on NavigationDemo against a tap through the same view.

@testable import CaseStudies
@testable import CaseStudyViews
import Composable
import HeadlessUICore
import NavScript
import ScriptedCaseStudies

extension ExploreBenchmark {
  /// Explores the `navigation` case study breadth first, `n` steps a batch, against tapping
  /// "plus" on the frontmost screen of a NavigationDemo store through its view `n` times.
  static func stepsFigure(settings: MeasureSettings, including: (String) -> Bool) -> Figure? {
    guard including(stepsFigureName) else { return nil }
    guard let feature = ScriptFeature.caseStudies.first(where: { $0.name == "navigation" }) else {
      preconditionFailure("the navigation case study is registered")
    }
    var options = ExploreOptions()
    options.seed = 7
    options.depth = 1_000
    let explored = BenchOperation(label: "explore steps") { n in
      options.steps = n
      do {
        let report = try Explorer(feature: feature, options: options).run()
        precondition(report.steps == n, "the walk took every step of its budget")
        precondition(report.findings.isEmpty, "NavigationDemo explores clean")
        return report.screens
      } catch {
        preconditionFailure("\(error)")
      }
    }
    let store = Store(initialState: NavigationDemo.State(path: [.screenA()])) {
      NavigationDemo()
    } withDependencies: {
      $0.stackElementID = StackElementIDGenerator()
    }
    let driver = ScreenDriver(
      state: { store.state }, send: { store.send($0) },
      nextStackElementID: { preconditionFailure("the floor's taps push nothing") },
      view: { NavigationDemoView(store: $0)._render() })
    let plus = ControlQuery(label: "plus")
    let tapped = BenchOperation(label: "screen tap (render, find, send)") { n in
      for _ in 0..<n {
        do {
          try driver.tap(plus)
        } catch {
          preconditionFailure("\(error)")
        }
      }
      guard case .screenA(let screen) = store.state.path.first else {
        preconditionFailure("Screen A left the stack")
      }
      return screen.count
    }
    return compare(
      stepsFigureName, measured: explored, floor: tapped, goal: nil, settings: settings)
  }
}
