// navd: serves navigation sessions of the case studies over a Unix-socket JSON-RPC control
// channel — a NavHost whose command, when none is named, is `serve`.

import NavKit
import ScriptedCaseStudies

@main
struct Navd: NavHost {
  static let features = CaseStudyFeatures.all
  static let defaultCommand: String? = "serve"
}
