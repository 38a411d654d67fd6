// Stack elements addressed by position: -1 for the top, @1 for the bottom.

import NavValue

/// Resolves stack positions in an action table to the ids of the current state's elements.
///
/// It walks the action and the state (encoded with element ids) side by side: a case name that
/// is also a field of the state descends into it (`destination`, `path`, `screenC`); others, such
/// as `presented`, stay in place. At a stack (a sequence whose elements have `id`s), the `id` of
/// `element` and `popFrom` is resolved: a negative number counts from the top (`-1` is the
/// topmost element), `"@n"` from the bottom (1-based). Ids (0 and up) are left as they are.
public enum StackPositions {
  /// Returns `action` with every stack position replaced by an element id from `state`.
  public static func resolve(_ action: DataValue, in state: DataValue) throws(NavError) -> DataValue
  {
    guard case .object(var fields) = action, fields.count == 1,
      let (name, payload) = fields.first
    else { return action }
    let stack = elementIDs(of: state)
    if let stack, name == "element" || name == "popFrom" || name == "push" {
      fields[name] = try resolvePayload(payload, caseName: name, stack: stack, state: state)
      return .object(fields)
    }
    if case .object(let stateFields) = state, let child = stateFields[name] {
      fields[name] = try resolve(payload, in: child)
    } else {
      fields[name] = try resolve(payload, in: state)
    }
    return .object(fields)
  }

  private static func resolvePayload(
    _ payload: DataValue, caseName: String, stack: [Int], state: DataValue
  ) throws(NavError) -> DataValue {
    guard case .object(var fields) = payload else {
      // `popFrom = -1`: a lone id.
      return caseName == "popFrom" ? .integer(try id(payload, stack: stack)) : payload
    }
    guard let given = fields["id"] else { return payload }
    if caseName == "push" { return payload }
    let resolved = try id(given, stack: stack)
    fields["id"] = .integer(resolved)
    if caseName == "element", let action = fields["action"],
      let position = stack.firstIndex(of: resolved)
    {
      fields["action"] = try resolve(action, in: state[position + 1])
    }
    return .object(fields)
  }

  private static func id(_ value: DataValue, stack: [Int]) throws(NavError) -> Int {
    switch value {
    case .integer(let id) where id >= 0:
      return id
    case .integer(let position):
      // Through the magnitude: `-Int.min` overflows (a client's line crashed the daemon).
      guard position.magnitude <= UInt(stack.count) else {
        throw NavError(
          "stack position \(position) is out of range: the stack has \(stack.count) "
            + "element\(stack.count == 1 ? "" : "s")")
      }
      return stack[stack.count + position]
    case .string(let text) where text.hasPrefix("@"):
      guard let position = Int(text.dropFirst()), position >= 1, position <= stack.count else {
        throw NavError(
          "stack position \(text) is out of range: the stack has \(stack.count) "
            + "element\(stack.count == 1 ? "" : "s")")
      }
      return stack[position - 1]
    default:
      return (try? intValue(value)) ?? -1
    }
  }

  private static func intValue(_ value: DataValue) throws -> Int {
    if case .number(let number) = value, let integer = Int(exactly: number) { return integer }
    throw NavError("not an id")
  }

  /// Whether `action` holds a stack position (a negative id or `"@n"`) to resolve.
  public static func mentionsPositions(_ action: DataValue) -> Bool {
    switch action {
    case .integer(let value): return value < 0
    case .string(let text): return text.hasPrefix("@")
    case .object(let fields): return fields.values.contains(where: mentionsPositions)
    case .array(let elements): return elements.contains(where: mentionsPositions)
    default: return false
    }
  }

  /// The element ids of `state` when it is an encoded stack (a sequence of tables with `id`s).
  static func elementIDs(of state: DataValue) -> [Int]? {
    guard case .array(let elements) = state else { return nil }
    var ids: [Int] = []
    ids.reserveCapacity(elements.count)
    for element in elements {
      guard case .integer(let id) = element["id"] else { return nil }
      ids.append(id)
    }
    return ids
  }

  /// Returns `action` with every stack element id replaced by its position from the bottom
  /// (`"@n"`) in `state`: the inverse of ``resolve(_:in:)``.
  ///
  /// A recorded action names the ids its session gave; a spec that sends it again into a fresh
  /// store, where ids are numbered afresh, addresses the same elements by position. An id the
  /// state does not hold is left as it is.
  public static func positioned(_ action: DataValue, in state: DataValue) -> DataValue {
    guard case .object(var fields) = action, fields.count == 1,
      let (name, payload) = fields.first
    else { return action }
    if let stack = elementIDs(of: state), name == "element" || name == "popFrom" {
      if name == "popFrom", case .integer(let id) = payload, let index = stack.firstIndex(of: id) {
        fields[name] = .string("@\(index + 1)")
      } else if case .object(var element) = payload, case .integer(let id)? = element["id"],
        let index = stack.firstIndex(of: id)
      {
        element["id"] = .string("@\(index + 1)")
        if name == "element", let inner = element["action"] {
          element["action"] = positioned(inner, in: state[index + 1])
        }
        fields[name] = .object(element)
      }
      return .object(fields)
    }
    if case .object(let stateFields) = state, let child = stateFields[name] {
      fields[name] = positioned(payload, in: child)
    } else {
      fields[name] = positioned(payload, in: state)
    }
    return .object(fields)
  }

  /// Returns `value` without the `id` of each element of the stacks in it, so that a spec's
  /// expected state holds whatever ids a fresh store gives (a test store fills in the ids an
  /// expected element leaves out).
  public static func withoutElementIDs(_ value: DataValue) -> DataValue {
    switch value {
    case .array(let elements):
      // A stack element is its case and its id; rows of an identified array keep theirs.
      let isStack =
        elementIDs(of: value) != nil
        && elements.allSatisfy {
          if case .object(let fields) = $0 { fields.count == 2 } else { false }
        }
      return .array(
        elements.map { element in
          guard isStack, case .object(var fields) = element else {
            return withoutElementIDs(element)
          }
          fields["id"] = nil
          return withoutElementIDs(.object(fields))
        })
    case .object(let fields):
      return .object(fields.mapValues(withoutElementIDs))
    default:
      return value
    }
  }
}
