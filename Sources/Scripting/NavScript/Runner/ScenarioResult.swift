// What running one scenario (`it` block) gave.

import NavHosting

/// The outcome of one `it` block.
public struct ScenarioResult: Sendable {
  /// How it ended.
  public enum Status: String, Sendable {
    /// Every assertion held and the stores ended clean.
    case passed
    /// An assertion, a Lua error or an end-of-scenario check failed.
    case failed
    /// Declared with `pending`, not run.
    case pending
  }

  /// The position in the whole run, from 1.
  public var number: Int
  /// The `it` block's own name.
  public var name: String
  /// The enclosing `describe` names and the `it` name, joined by spaces.
  public var fullName: String
  /// The scenario file, as given on the command line.
  public var file: String
  /// The line of the `it` call.
  public var line: Int
  /// How it ended.
  public var status: Status
  /// What failed, with `file:line` and tracebacks; empty when it passed.
  public var message: String
  /// How long it took, in seconds of real time.
  public var seconds: Double
  /// For a failed scenario, the actions its stores were sent and their last state change
  /// (empty when it sent none, or passed).
  public var actionLog: String = ""
}

/// One `it` block found in a scenario file, before it runs.
struct ScenarioEntry: Sendable {
  var number = 0
  var file: String
  var name: String
  var fullName: String
  var line: Int
  /// Which of the file's scenarios with this full name and line this is, from 1.
  var occurrence = 1
  var pending: Bool
  /// A load error of the whole file, reported as one failed entry.
  var loadError: String?
}
