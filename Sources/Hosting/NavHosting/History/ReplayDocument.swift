// ReplayDocument: a session's sent actions with their clock offsets, to replay into a new store.

import NavValue

/// What `session.export` gives and `session.open {replay}` / `navd.launch(name, {replay})` take:
/// a feature, the state it started from, and what was sent to it, each with its offset on the
/// store's clock.
///
/// Only what came from outside is kept (sends and jumps): what the effects sent, they send again
/// when the replay moves the virtual clock through the same offsets. Versions in it count from
/// the initial state (version 0), whatever the exported store's own numbering was.
///
/// ```json
/// {"format": "navd-replay", "formatVersion": 1, "feature": "navigation",
///  "initial": {"state": {"path": []}},
///  "steps": [{"at": 0.0, "action": {"goToABCButtonTapped": {}}}, {"at": 2.5, "jump": 1}],
///  "duration": 3.0, "final": {"version": 4, "state": {…}}}
/// ```
public struct ReplayDocument: Sendable, Equatable {
  /// One thing sent to the store.
  public enum Step: Sendable, Equatable {
    /// An action, in the value model.
    case send(DataValue)
    /// A jump to a version (counted from the initial state).
    case jump(UInt64)
  }

  /// The registered name of the feature.
  public var feature: String
  /// The state the store started from.
  public var initialState: DataValue
  /// What was sent, with its offset in seconds from the start, oldest first.
  public var steps: [(at: Double, step: Step)]
  /// How long the recorded run lasted on the store's clock: the replay's clock ends there.
  public var duration: Double
  /// The state the run ended in, and its version (counted from the initial state).
  public var final: (version: UInt64, state: DataValue)?
  /// Every entry of the recorded run with the state it left, when the exporter kept them.
  ///
  /// The daemon's `session.export` writes it, as `history`, each state a JSON Patch: what an
  /// import restores, and what a replay that parts from the recording is compared with. Not
  /// part of ``value``: the layer that writes patches writes it.
  public var recorded: RecordedHistory?

  /// The value of `format`.
  public static let format = "navd-replay"

  /// Makes a document.
  public init(
    feature: String, initialState: DataValue, steps: [(at: Double, step: Step)],
    duration: Double, final: (version: UInt64, state: DataValue)?
  ) {
    self.feature = feature
    self.initialState = initialState
    self.steps = steps
    self.duration = duration
    self.final = final
  }

  /// Whether two documents read the same.
  public static func == (lhs: ReplayDocument, rhs: ReplayDocument) -> Bool {
    lhs.value == rhs.value
  }

  /// The document as a table (JSON on the wire).
  public var value: DataValue {
    var fields: [String: DataValue] = [
      "format": .string(Self.format), "formatVersion": .integer(1),
      "feature": .string(feature), "initial": .object(["state": initialState]),
      "steps": .array(
        steps.map { at, step in
          switch step {
          case .send(let action): .object(["at": .number(at), "action": action])
          case .jump(let version): .object(["at": .number(at), "jump": .integer(Int(version))])
          }
        }),
      "duration": .number(duration),
    ]
    if let final {
      fields["final"] = .object(["version": .integer(Int(final.version)), "state": final.state])
    }
    return .object(fields)
  }

  /// Reads a document, saying what is wrong with one that is not.
  public init(_ value: DataValue) throws(NavError) {
    guard case .object(let fields) = value else {
      throw NavError("a replay document must be an object, got \(value.kind)")
    }
    guard fields["format"] == .string(Self.format) else {
      throw NavError("not a replay document: its format must be \"\(Self.format)\"")
    }
    guard fields["formatVersion"] == .integer(1) else {
      throw NavError(
        "replay documents of formatVersion \(fields["formatVersion"] ?? .null) are not read: only 1"
      )
    }
    guard case .string(let feature) = fields["feature"] else {
      throw NavError("a replay document needs its feature's name (feature)")
    }
    self.feature = feature
    self.initialState = value["initial"]["state"]
    guard case .array(let steps) = fields["steps"] ?? .array([]) else {
      throw NavError("a replay document's steps must be an array")
    }
    var read: [(at: Double, step: Step)] = []
    var last = 0.0
    for (index, step) in steps.enumerated() {
      let at = try Self.seconds(step["at"], what: "step \(index + 1)'s at")
      guard at >= last else {
        throw NavError("replay step \(index + 1) goes back in time (\(at) s after \(last) s)")
      }
      last = at
      if case .integer(let version) = step["jump"], version >= 0 {
        read.append((at, .jump(UInt64(version))))
      } else if step["action"] != .null {
        read.append((at, .send(step["action"])))
      } else {
        throw NavError("replay step \(index + 1) needs an action or a jump (a version)")
      }
    }
    self.steps = read
    self.duration = max(last, try Self.seconds(fields["duration"] ?? .integer(0), what: "duration"))
    if case .object(let final) = fields["final"] {
      guard case .integer(let version) = final["version"], version >= 0 else {
        throw NavError("a replay document's final version must be a whole number")
      }
      self.final = (UInt64(version), final["state"] ?? .null)
    } else {
      self.final = nil
    }
  }

  private static func seconds(_ value: DataValue, what: String) throws(NavError) -> Double {
    switch value {
    case .integer(let seconds) where seconds >= 0: Double(seconds)
    case .number(let seconds) where seconds >= 0 && seconds.isFinite: seconds
    default: throw NavError("\(what) must be a number of seconds, at least 0; got \(value)")
    }
  }
}
