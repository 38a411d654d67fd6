// RecordedSpec: the actions recorded from a live session, written as a spec that `test` runs and
// that asserts: TCA's test-store steps, or a launch with assertions on the final state.

import NavProtocol
import NavHosting
import NavServer
import NavValue

/// A recorded stretch of a session written as a `*_spec.lua`.
///
/// In ``Style/testStore`` style each action is one `t:send` (sent by a client) or `t:receive`
/// (sent by an effect), with the state change the session made written as the mutation, and the
/// virtual clock moved between them as the session's clock moved. In ``Style/launch`` style the
/// clients' actions are sent into a launched store at their offsets and the spec asserts the
/// final state. Either way the spec fails when an action in it is changed.
///
/// Stack elements are addressed by position (`"@2"`), and expected states leave their ids out:
/// a fresh store numbers its elements afresh, where the session had its own count.
struct RecordedSpec {
  /// How the spec is written.
  enum Style: String, CaseIterable {
    /// TCA's exhaustive test store: one step per action, each with its state change.
    case testStore = "test-store"
    /// A launched store: the clients' actions, then assertions on the final state.
    case launch
  }

  /// One recorded action, as `session.history` gives it.
  struct Entry {
    var version: Int
    var action: JSONValue
    /// `send` or `effect`.
    var origin: String
    /// Seconds on the session's clock.
    var offset: Double
    var patch: [JSONPatchOperation]

    /// Reads a `session.history` entry; `nil` for a jump, which a spec cannot take.
    init?(history entry: JSONValue) throws(JSONPatchError) {
      guard let origin = entry["origin"]?.stringValue, origin != "jump",
        let version = entry["version"]?.intValue, let action = entry["action"]
      else { return nil }
      self.version = version
      self.action = action
      self.origin = origin
      self.offset = entry["time"]?["offset"]?.doubleValue ?? 0
      self.patch = try JSONPatch.operations(json: entry["patch"] ?? .array([]))
    }
  }

  /// The session's feature.
  var feature: String
  /// The session recorded, for the comment and the test's name.
  var session: String
  /// The state at the version recording started from.
  var initialState: JSONValue
  var entries: [Entry]
  var style: Style
  /// When and how it was recorded, for the comment.
  var provenance: String

  /// The spec's text.
  func text() throws(JSONPatchError) -> String {
    let sends = entries.filter { $0.origin == "send" }.count
    var lines = [
      "-- Recorded from session \(session) (\(feature)) by \(provenance).",
      "-- \(entries.count) action\(entries.count == 1 ? "" : "s"): \(sends) sent by clients, "
        + "\(entries.count - sends) by effects. Run it with `test`; it fails when an action in "
        + "it is changed.",
      "",
      "describe(\(ValuePrinter.quoted("recorded session \(session)")), function()",
      "  it(\(ValuePrinter.quoted("replays \(sends) sent action\(sends == 1 ? "" : "s") of \(feature)")), function()",
    ]
    let initial = ValuePrinter.render(DataValue(initialState), indent: "    ")
    switch style {
    case .testStore:
      lines.append(
        "    local t = navd.test_store(\(ValuePrinter.quoted(feature)), { state = \(initial) })")
      lines += try testStoreSteps()
      lines += [
        "    -- The session's effects went on past the recording: end them, as TCA's",
        "    -- skipInFlightEffects does.",
        "    t:skip_received_actions({ strict = false })",
        "    t:skip_in_flight_effects({ strict = false })",
        "    t:finish()",
      ]
    case .launch:
      lines.append(
        "    local app = navd.launch(\(ValuePrinter.quoted(feature)), { state = \(initial) })")
      lines += try launchSteps()
    }
    lines += ["  end)", "end)", ""]
    return lines.joined(separator: "\n")
  }

  /// `t:send`/`t:receive` per entry, each with its mutation, and `t:advance` between them.
  private func testStoreSteps() throws(JSONPatchError) -> [String] {
    var lines: [String] = []
    var state = initialState
    var clock = entries.first?.offset ?? 0
    for entry in entries {
      if let advance = Self.advance(from: clock, to: entry.offset) {
        lines.append("    t:advance(\(advance))")
        clock = entry.offset
      }
      let action = Self.action(entry.action, in: state)
      let verb = entry.origin == "send" ? "send" : "receive"
      // A push names its element's id (a NavigationLink's push does), and a fresh store keeps
      // it: the element it inserts is expected with that id, not the store's next one.
      let mutation = try Self.mutation(
        entry.patch, from: &state, keepingInsertedIDs: Self.pushesWithID(entry.action))
      if mutation.isEmpty {
        lines.append("    t:\(verb)(\(action))")
      } else {
        lines.append("    t:\(verb)(\(action), function(s)")
        lines += mutation.map { "      " + $0 }
        lines.append("    end)")
      }
    }
    return lines
  }

  /// The clients' sends at their offsets, then the clock to the last action, then the final
  /// state asserted.
  private func launchSteps() throws(JSONPatchError) -> [String] {
    var lines: [String] = []
    var state = initialState
    var clock = entries.first?.offset ?? 0
    for entry in entries {
      if entry.origin == "send" {
        if let advance = Self.advance(from: clock, to: entry.offset) {
          lines.append("    app:advance(\(advance))")
          clock = entry.offset
        }
        lines.append("    app:send(\(Self.action(entry.action, in: state)))")
      }
      state = try JSONPatch.apply(entry.patch, to: state)
    }
    if let last = entries.last, let advance = Self.advance(from: clock, to: last.offset) {
      lines.append("    app:advance(\(advance))")
    }
    let expected = StackPositions.withoutElementIDs(DataValue(state))
    lines += [
      "    -- The final state, stack ids aside (a fresh store numbers its elements afresh).",
      "    local function without_ids(value)",
      "      if type(value) ~= \"table\" then return value end",
      "      local copy = {}",
      "      for key, field in pairs(value) do copy[key] = without_ids(field) end",
      "      for _, element in ipairs(copy) do",
      "        if type(element) == \"table\" and math.type(element.id) == \"integer\" then",
      "          local fields = 0",
      "          for _ in pairs(element) do fields = fields + 1 end",
      "          if fields == 2 then element.id = nil end",
      "        end",
      "      end",
      "      return copy",
      "    end",
      "    assert.same(\(ValuePrinter.render(expected, indent: "    ")), without_ids(app.state))",
      "    -- The session's effects went on past the recording: end them.",
      "    app:cancel_effects()",
    ]
    return lines
  }

  /// The seconds to advance the virtual clock from `clock` to `offset`, to the millisecond, or
  /// `nil` when under one.
  private static func advance(from clock: Double, to offset: Double) -> String? {
    let milliseconds = ((offset - clock) * 1000).rounded()
    guard milliseconds >= 1 else { return nil }
    return String(milliseconds / 1000)
  }

  /// `action` as a Lua argument, its stack elements addressed by position in `state`.
  private static func action(_ action: JSONValue, in state: JSONValue) -> String {
    ValuePrinter.render(StackPositions.positioned(DataValue(action), in: DataValue(state)))
  }

  /// The Lua statements that change a copy of `state` as `patch` does, applying it to `state`.
  ///
  /// Each operation becomes an assignment, a `table.insert` or a `table.remove` on `s`; a patch
  /// of another kind (a move, a copy, a change of the whole state) becomes `return` of the new
  /// state.
  static func mutation(
    _ patch: [JSONPatchOperation], from state: inout JSONValue, keepingInsertedIDs: Bool = false
  ) throws(JSONPatchError) -> [String] {
    var lines: [String] = []
    let before = state
    for operation in patch {
      guard let line = statement(operation, in: state, keepingIDs: keepingInsertedIDs) else {
        state = try JSONPatch.apply(patch, to: before)
        return ["return " + value(state, indent: "      ")]
      }
      lines.append(line)
      try JSONPatch.apply(operation, to: &state)
    }
    return lines
  }

  /// One operation as one Lua statement on `s`, or `nil` when it takes more than one.
  private static func statement(
    _ operation: JSONPatchOperation, in state: JSONValue, keepingIDs: Bool
  ) -> String? {
    let pointer: JSONPointer
    switch operation {
    case .add(let path, _), .remove(let path), .replace(let path, _): pointer = path
    default: return nil
    }
    guard let last = pointer.tokens.last else { return nil }
    let parentPointer = JSONPointer(tokens: Array(pointer.tokens.dropLast()))
    guard let parent = parentPointer.resolve(in: state),
      let parentPath = luaPath(parentPointer, in: state)
    else { return nil }
    if case .array(let elements) = parent {
      let index = last == "-" ? elements.count : Int(last)
      guard let index else { return nil }
      switch operation {
      case .add(_, let new) where index == elements.count:
        return "table.insert(\(parentPath), \(value(element: new, keepingID: keepingIDs)))"
      case .add(_, let new):
        return
          "table.insert(\(parentPath), \(index + 1), \(value(element: new, keepingID: keepingIDs)))"
      case .remove: return "table.remove(\(parentPath), \(index + 1))"
      case .replace(_, let new): return "\(parentPath)[\(index + 1)] = \(value(element: new))"
      default: return nil
      }
    }
    let target = parentPath + field(last)
    switch operation {
    case .add(_, let new), .replace(_, let new): return "\(target) = \(value(new))"
    case .remove: return "\(target) = nil"
    default: return nil
    }
  }

  /// The Lua expression for the value at `pointer`, from `s`: `s.path[3].screenC`.
  private static func luaPath(_ pointer: JSONPointer, in state: JSONValue) -> String? {
    var path = "s"
    var current = state
    for token in pointer.tokens {
      switch current {
      case .array(let elements):
        guard let index = Int(token), elements.indices.contains(index) else { return nil }
        path += "[\(index + 1)]"
        current = elements[index]
      case .object(let object):
        guard let member = object[token] else { return nil }
        path += field(token)
        current = member
      default:
        return nil
      }
    }
    return path
  }

  /// `.name`, or `["a key"]` for a key that is not a Lua name.
  private static func field(_ key: String) -> String {
    let name = ValuePrinter.name(key)
    return name.hasPrefix("[") ? name : "." + name
  }

  /// A value as an expected state holds it: stack ids left out.
  private static func value(_ json: JSONValue, indent: String = "      ") -> String {
    rendered(StackPositions.withoutElementIDs(DataValue(json)), indent: indent)
  }

  /// Whether `action` is a stack's `push` that names the element's id.
  static func pushesWithID(_ action: JSONValue) -> Bool {
    guard case .object(let fields) = action, fields.count == 1, let name = fields.keys.first,
      let inner = fields[name]
    else { return false }
    if name == "push", case .object(let push) = inner, push["id"] != nil { return true }
    return pushesWithID(inner)
  }

  /// An element put into an array: without its id when it is a stack element (unless
  /// `keepingID`, when the action named it).
  private static func value(element json: JSONValue, keepingID: Bool = false) -> String {
    if keepingID { return rendered(DataValue(json), indent: "      ") }
    // A one-element array is a stack exactly when its element is one.
    let array = StackPositions.withoutElementIDs(.array([DataValue(json)]))
    return rendered(array[1], indent: "      ")
  }

  /// On one line when it fits, else over several.
  private static func rendered(_ value: DataValue, indent: String) -> String {
    let line = ValuePrinter.render(value)
    return line.count <= 80 ? line : ValuePrinter.render(value, indent: indent)
  }
}
