// Stack elements addressed by position: -1 for the top, @1 for the bottom.

import LuaBridge

/// Resolves stack positions in an action table to the ids of the current state's elements.
///
/// It walks the action and the state (encoded with element ids) side by side: a case name that
/// is also a field of the state descends into it (`destination`, `path`, `screenC`); others, such
/// as `presented`, stay in place. At a stack (a sequence whose elements have `id`s), the `id` of
/// `element` and `popFrom` is resolved: a negative number counts from the top (`-1` is the
/// topmost element), `"@n"` from the bottom (1-based). Ids (0 and up) are left as they are.
public enum StackPositions {
  /// Returns `action` with every stack position replaced by an element id from `state`.
  public static func resolve(_ action: LuaValue, in state: LuaValue) throws(LuaError) -> LuaValue {
    guard case .table(var table) = action, table.fields.count == 1,
      let (name, payload) = table.fields.first
    else { return action }
    let stack = elementIDs(of: state)
    if let stack, name == "element" || name == "popFrom" || name == "push" {
      table.fields[name] = try resolvePayload(payload, caseName: name, stack: stack, state: state)
      return .table(table)
    }
    if case .table(let fields) = state, let child = fields.fields[name] {
      table.fields[name] = try resolve(payload, in: child)
    } else {
      table.fields[name] = try resolve(payload, in: state)
    }
    return .table(table)
  }

  private static func resolvePayload(
    _ payload: LuaValue, caseName: String, stack: [Int], state: LuaValue
  ) throws(LuaError) -> LuaValue {
    guard case .table(var fields) = payload, fields.array.isEmpty else {
      // `popFrom = -1`: a lone id.
      return caseName == "popFrom" ? .integer(try id(payload, stack: stack)) : payload
    }
    guard let given = fields.fields["id"] else { return payload }
    if caseName == "push" { return payload }
    let resolved = try id(given, stack: stack)
    fields.fields["id"] = .integer(resolved)
    if caseName == "element", let action = fields.fields["action"],
      let position = stack.firstIndex(of: resolved)
    {
      fields.fields["action"] = try resolve(action, in: state[position + 1])
    }
    return .table(fields)
  }

  private static func id(_ value: LuaValue, stack: [Int]) throws(LuaError) -> Int {
    switch value {
    case .integer(let id) where id >= 0:
      return id
    case .integer(let position):
      // Through the magnitude: `-Int.min` overflows (a client's line crashed the daemon).
      guard position.magnitude <= UInt(stack.count) else {
        throw LuaError(
          "stack position \(position) is out of range: the stack has \(stack.count) "
            + "element\(stack.count == 1 ? "" : "s")")
      }
      return stack[stack.count + position]
    case .string(let text) where text.hasPrefix("@"):
      guard let position = Int(text.dropFirst()), position >= 1, position <= stack.count else {
        throw LuaError(
          "stack position \(text) is out of range: the stack has \(stack.count) "
            + "element\(stack.count == 1 ? "" : "s")")
      }
      return stack[position - 1]
    default:
      return (try? intValue(value)) ?? -1
    }
  }

  private static func intValue(_ value: LuaValue) throws -> Int {
    if case .number(let number) = value, let integer = Int(exactly: number) { return integer }
    throw LuaError("not an id")
  }

  /// Whether `action` holds a stack position (a negative id or `"@n"`) to resolve.
  public static func mentionsPositions(_ action: LuaValue) -> Bool {
    switch action {
    case .integer(let value): return value < 0
    case .string(let text): return text.hasPrefix("@")
    case .table(let table):
      return table.fields.values.contains(where: mentionsPositions)
        || table.array.contains(where: mentionsPositions)
    default: return false
    }
  }

  /// The element ids of `state` when it is an encoded stack (a sequence of tables with `id`s).
  static func elementIDs(of state: LuaValue) -> [Int]? {
    guard case .table(let table) = state, table.fields.isEmpty else { return nil }
    var ids: [Int] = []
    ids.reserveCapacity(table.array.count)
    for element in table.array {
      guard case .integer(let id) = element["id"] else { return nil }
      ids.append(id)
    }
    return ids
  }
}
