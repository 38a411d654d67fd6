// navctl: the command-line client of navd, and a NavHost of the case studies: `navctl test`
// runs Lua scenarios locally, and every NavHost command is here.

import NavKit
import ScriptedCaseStudies

@main
struct Navctl: NavHost {
  static let features = CaseStudyFeatures.all
}
