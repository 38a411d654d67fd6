// FeaturesCommand: `HOST features` — the features the host registers, and how each crosses into
// the value model.

import Foundation
import NavScript

/// `HOST features [--verbose]`: one line per registered feature.
enum FeaturesCommand {
  /// `HOST features --help`.
  static var usage: String {
    """
    usage: \(Program.name) features [--verbose]

    List the features \(Program.name) registers, with their summaries: the names that
    `navd.launch`, `--session NAME=FEATURE` and `session.open` take.

    options:
      --verbose   also say how each feature's state and actions cross into Lua and the wire
                  (codable or reflection) and whether its saved state can be restored
      --help      print this help
    """
  }

  /// Lists `features`; returns the exit status.
  static func run(_ arguments: [String], features: [NavFeature]) -> Int32 {
    var verbose = false
    for argument in arguments {
      switch argument {
      case "-h", "--help":
        print(usage)
        return 0
      case "-v", "--verbose":
        verbose = true
      default:
        standardError(
          "\(Program.name) features: unknown argument '\(argument)'\n"
            + "Run \(Program.name) features --help for usage.")
        return 2
      }
    }
    let width = max(24, (features.map(\.name.count).max() ?? 0) + 1)
    for feature in features {
      let name = feature.name.padding(toLength: width, withPad: " ", startingAt: 0)
      print("\(name) \(feature.summary)")
      if verbose {
        let coding = feature.scriptFeature.coding
        let restore = feature.scriptFeature.restoreProblem.map { "no (\($0))" } ?? "yes"
        print(
          String(repeating: " ", count: width + 1)
            + "state: \(coding.stateEncoding.rawValue) out, \(coding.stateBuilding.rawValue) in; "
            + "actions: \(coding.actions.rawValue); restorable: \(restore)")
      }
    }
    return 0
  }
}
