// RecordedHistoryCoding: an exported history on the wire, `history` in a replay document, each
// entry's state written as the JSON Patch from the state before it.

import NavHosting
import NavProtocol
import NavValue

/// Writes and reads the `history` a `session.export` document carries: what `session.open
/// {import}` restores, and what a replay that parts from the recording is compared with.
///
/// ```json
/// "history": [{"version": 1, "origin": "send", "at": 0.5, "wall": 1796514916.02,
///              "client": 3, "action": "addButtonTapped", "patch": [{"op": "add", …}]}, …]
/// ```
///
/// A jump has `jump` (the version it went back to, counted from the initial state) in place of
/// `action`. Patches, not states: an entry costs what its action changed.
enum RecordedHistoryCoding {
  /// The entries as JSON, each state as the patch from the one before, from `initial`.
  static func json(_ history: RecordedHistory, initial: DataValue) -> JSONValue {
    var previous = JSONValue(initial)
    return .array(
      history.entries.map { entry in
        var object: JSONObject = [
          "version": .integer(Int(entry.version)), "origin": .string(entry.origin.rawValue),
          "at": .number(entry.at), "wall": .number(entry.wall),
        ]
        if let jump = entry.jump {
          object["jump"] = .integer(Int(jump))
        } else {
          object["action"] = JSONValue(entry.action)
        }
        if let client = entry.client { object["client"] = .integer(client) }
        var patch: [JSONPatchOperation] = []
        if let state = entry.state {
          let json = JSONValue(state)
          patch = JSONPatch.diff(from: previous, to: json)
          previous = json
        }
        object["patch"] = JSONPatch.json(patch)
        return .object(object)
      })
  }

  /// Reads `history` back, applying each entry's patch to the state before it, from `initial`;
  /// the error names the entry that is wrong and how.
  static func history(_ json: JSONValue, initial: DataValue, duration: Double) throws(RPCError)
    -> RecordedHistory
  {
    guard case .array(let items) = json else {
      throw RPCError(.invalidParams, message: "history must be an array of entries")
    }
    var state = JSONValue(initial)
    var entries: [RecordedHistory.Entry] = []
    entries.reserveCapacity(items.count)
    var lastVersion: UInt64 = 0
    var lastAt = 0.0
    for (index, item) in items.enumerated() {
      func wrong(_ what: String) -> RPCError {
        RPCError(.invalidParams, message: "history entry \(index + 1): \(what)")
      }
      guard case .object(let fields) = item else { throw wrong("must be an object") }
      guard case .integer(let version)? = fields["version"], version >= 0,
        UInt64(version) >= lastVersion
      else { throw wrong("version must be a whole number, never less than the entry before's") }
      guard let originName = fields["origin"]?.stringValue,
        let origin = HistoryRecord.Origin(rawValue: originName)
      else { throw wrong("origin must be send, effect or jump") }
      guard let at = fields["at"]?.doubleValue, at >= lastAt, at.isFinite else {
        throw wrong("at must be seconds from the start, never less than the entry before's")
      }
      var jump: UInt64?
      if let value = fields["jump"] {
        guard case .integer(let target) = value, target >= 0 else {
          throw wrong("jump must be a version, a whole number")
        }
        jump = UInt64(target)
      } else if fields["action"] == nil {
        throw wrong("needs an action or a jump")
      }
      if let patch = fields["patch"], patch != .array([]) {
        do throws(JSONPatchError) {
          state = try JSONPatch.apply(JSONPatch.operations(json: patch), to: state)
        } catch {
          throw wrong("its patch does not apply to the state before it: \(error.message)")
        }
      }
      // An entry that moved the version changed the state, even to an equal one (its patch is
      // then empty); one that did not changed nothing.
      // `Optional.none`, not `nil`: the value model takes a nil literal as its own `.null`.
      let changed: DataValue? = UInt64(version) > lastVersion ? DataValue(state) : Optional.none
      let client: Int? =
        if case .integer(let id)? = fields["client"] { id } else { nil }
      entries.append(
        RecordedHistory.Entry(
          version: UInt64(version), origin: origin,
          action: fields["action"].map(DataValue.init) ?? .null, jump: jump, at: at,
          wall: fields["wall"]?.doubleValue ?? 0, client: client, state: changed))
      lastVersion = UInt64(version)
      lastAt = at
    }
    return RecordedHistory(entries: entries, duration: max(duration, lastAt))
  }
}
