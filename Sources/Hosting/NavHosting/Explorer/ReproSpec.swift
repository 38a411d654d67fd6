// ReproSpec: a finding written as a `*_spec.lua` of taps and backs that fails while the
// finding shows, for `HOST test`.

import Foundation
import NavValue

/// Writes a finding's repro: a spec whose steps are the finding's, one per line, checked by
/// `repro:check()`, which replays them from a fresh launch and fails when the finding shows.
///
/// Steps record and `check()` replays (``ExploreReplay``, the shrinker's own check), so a step
/// the screen does not offer ends the replay without failing: remove a step the finding needs
/// and the spec passes.
struct ReproSpec {
  let finding: ExploreFinding
  /// The explored feature.
  let feature: String
  /// How to run the exploration again, for the comment.
  let command: String
  let options: ExploreOptions
  /// The test's name: `crash-1`.
  let name: String

  /// The spec's text.
  var text: String {
    var lines = [
      "-- \(name): a repro that `\(command)` wrote.",
      "-- \(finding.kind.rawValue): "
        + finding.message.split(separator: "\n").joined(separator: "\n--   "),
      "--",
      "-- It fails while the finding shows. Its steps are shrunk: remove any one and it passes.",
      "-- `repro:tap`, `repro:type` and `repro:back` record; `repro:check()` replays them from a",
      "-- fresh launch, with the explorer's checks (docs/explore.md).",
    ]
    if finding.kind == .crash {
      lines.append("-- A crash traps the test process itself, so the run fails as the app did.")
    }
    if finding.kind == .invariant, let file = options.invariantsFile {
      lines += ["", "dofile(\(ValuePrinter.quoted(Self.absolute(file))))"]
    }
    lines += [
      "",
      "describe(\(ValuePrinter.quoted("explore \(feature)")), function()",
      "  it(\(ValuePrinter.quoted("\(name): \(Self.title(of: finding))")), function()",
      "    local repro = navd.repro(\(ValuePrinter.quoted(feature)), \(ValuePrinter.quoted(finding.kind.rawValue)), {",
      "      match = \(ValuePrinter.quoted(finding.match)),",
      "      time_step = \(Self.seconds(options.timeStep)),",
      "    })",
    ]
    for step in finding.steps.compactMap(ExploreStep.init(parsing:)) {
      lines.append("    " + step.luaCall(on: "repro"))
    }
    lines += ["    repro:check()", "  end)", "end)", ""]
    return lines.joined(separator: "\n")
  }

  /// The finding's first line, short enough for a test name.
  private static func title(of finding: ExploreFinding) -> String {
    let first = finding.message.split(separator: "\n").first.map(String.init) ?? finding.message
    return first.count > 100 ? String(first.prefix(97)) + "…" : first
  }

  private static func seconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return "\(seconds)" }
    return "\(Double(seconds) + Double(attoseconds) / 1e18)"
  }

  private static func absolute(_ path: String) -> String {
    path.hasPrefix("/")
      ? path : FileManager.default.currentDirectoryPath + "/" + path
  }
}
