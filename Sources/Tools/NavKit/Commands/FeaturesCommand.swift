// FeaturesCommand: `HOST features` — the features the host registers, and how each crosses into
// the value model.

import Foundation
import HeadlessUICore
import NavHosting

/// `HOST features [--verbose] [--previews]`: one line per registered feature, or per preview.
enum FeaturesCommand {
  /// `HOST features --help`.
  static var usage: String {
    """
    usage: \(Program.name) features [--verbose] [--previews]

    List the features \(Program.name) registers, with their summaries: the names that
    `navd.launch`, `--session NAME=FEATURE` and `session.open` take.

    options:
      --verbose   also say how each feature's state and actions cross into Lua and the wire
                  (codable or reflection) and whether its saved state can be restored
      --previews  list the views' previews linked into \(Program.name) instead (#Preview and
                  PreviewProvider): each one's name (or its place, when it has none), where
                  it is declared, and the first texts of its screen; `navd.launch_preview(NAME)`
                  and `explore --preview NAME` open them
      --help      print this help
    """
  }

  /// Lists `features`; returns the exit status.
  static func run(_ arguments: [String], features: [NavFeature]) -> Int32 {
    var verbose = false
    var previews = false
    for argument in arguments {
      switch argument {
      case "-h", "--help":
        print(usage)
        return 0
      case "-v", "--verbose":
        verbose = true
      case "--previews":
        previews = true
      default:
        standardError(
          "\(Program.name) features: unknown argument '\(argument)'\n"
            + "Run \(Program.name) features --help for usage.")
        return 2
      }
    }
    if previews { return listPreviews() }
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

  /// Lists the previews: name, place, and what their screens first show.
  private static func listPreviews() -> Int32 {
    let previews = PreviewRegistry.all
    guard !previews.isEmpty else {
      print("no #Preview or PreviewProvider is linked into \(Program.name)")
      return 0
    }
    let names = previews.map { $0.name ?? "(unnamed)" }
    let width = max(24, (names.map(\.count).max() ?? 0) + 1)
    for (preview, name) in zip(previews, names) {
      let texts = NavigationTree(rendering: preview.render()).visibleTexts.prefix(3)
      print(
        name.padding(toLength: width, withPad: " ", startingAt: 0) + " \(preview.location)  "
          + texts.map { "\"\($0)\"" }.joined(separator: ", "))
    }
    return 0
  }
}
