// ActionLog: what a failed scenario's stores were sent, and their last state change, for reports.

import Composable
import NavValue

/// The actions one store of a scenario processed, and its last change of state: what a report
/// shows under a failed `it`, so CI says what happened and not only where.
package struct ActionLog: Sendable {
  /// One processed action.
  package struct Line: Sendable {
    /// `send`, `effect`, `jump` (a store's history) or `send`/`receive` (a test store's steps).
    var origin: String
    /// The action, in the value model.
    var action: DataValue
    /// The store's version after it, when known.
    var version: UInt64?

    /// A line of `origin` for `action`, the store at `version` after it.
    package init(origin: String, action: DataValue, version: UInt64?) {
      self.origin = origin
      self.action = action
      self.version = version
    }
  }

  /// The feature's name.
  var feature: String
  /// The last lines, oldest first.
  package var lines: [Line]
  /// How many earlier lines were left out.
  var omitted: Int
  /// The state before and after the last action that changed it.
  var lastChange: (before: DataValue, after: DataValue)?

  /// How many lines a log keeps: the end of a long scenario is what explains its failure.
  package static let length = 50

  /// The log as the text reports print it.
  ///
  ///
  /// ```text
  /// actions sent to navigation (2):
  ///   v1  send    {goToABCButtonTapped = {}}
  ///   v2  effect  {path = {element = {action = {screenC = "timerTick"}, id = 2}}}
  /// last state change (−before, +after):
  ///   …
  /// ```
  package var text: String {
    var out = "actions sent to \(feature) (\(lines.count + omitted)):\n"
    if omitted > 0 { out += "  … \(omitted) earlier\n" }
    for line in lines {
      let version = line.version.map { "v\($0)" } ?? ""
      out +=
        "  " + version.padding(toLength: max(4, version.count), withPad: " ", startingAt: 0)
        + "  " + line.origin.padding(toLength: 7, withPad: " ", startingAt: 0) + " "
        + ValuePrinter.render(line.action) + "\n"
    }
    if let lastChange,
      let diff = LineDiff.render(
        expected: ValuePrinter.render(lastChange.before, indent: ""),
        actual: ValuePrinter.render(lastChange.after, indent: ""))
    {
      out += "last state change (−before, +after):\n"
      out += diff.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        .joined(separator: "\n")
      out += "\n"
    }
    return out
  }

  /// The log of a store's history slice: the entries before it (their sequence numbers count
  /// every entry the store recorded) are the omitted ones.
  package init(feature: String, slice: HistorySlice) {
    self.feature = feature
    self.omitted = (slice.entries.first?.sequence ?? 1) - 1
    self.lines = slice.entries.map { entry in
      Line(
        origin: entry.origin.rawValue,
        action: entry.jump.map { .object(["jump": .integer(Int($0))]) } ?? entry.action,
        version: entry.version)
    }
    var previous = slice.before
    for entry in slice.entries {
      guard let state = entry.state else { continue }
      lastChange = (previous, state)
      previous = state
    }
  }

  /// A log made of `lines`.
  package init(
    feature: String, lines: [Line], omitted: Int, lastChange: (before: DataValue, after: DataValue)?
  ) {
    self.feature = feature
    self.lines = lines
    self.omitted = omitted
    self.lastChange = lastChange
  }
}
