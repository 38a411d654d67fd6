// JSON Patch (RFC 6902): computing the difference of two values and applying it.

// MARK: - JSONPatchError

/// Why a patch, an operation or a pointer is invalid, or could not be applied.
public struct JSONPatchError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The problem, as a sentence.
  public var message: String
  /// The 0-based index of the failing operation in its patch, when known.
  public var operationIndex: Int?

  /// Creates an error with `message`.
  public init(_ message: String, operationIndex: Int? = nil) {
    self.message = message
    self.operationIndex = operationIndex
  }

  /// The message, preceded by the operation's index when known.
  public var description: String {
    guard let operationIndex else { return message }
    return "Operation \(operationIndex): \(message)"
  }
}

// MARK: - JSONPatchOperation

/// One RFC 6902 operation.
public enum JSONPatchOperation: Hashable, Sendable {
  /// Adds `value` at `path`: sets an object member, or inserts into an array (`-` appends).
  case add(path: JSONPointer, value: JSONValue)
  /// Removes the value at `path`, which must exist.
  case remove(path: JSONPointer)
  /// Replaces the value at `path`, which must exist, with `value`.
  case replace(path: JSONPointer, value: JSONValue)
  /// Removes the value at `from` and adds it at `path`.
  case move(from: JSONPointer, path: JSONPointer)
  /// Adds a copy of the value at `from` at `path`.
  case copy(from: JSONPointer, path: JSONPointer)
  /// Fails the patch unless the value at `path` equals `value` (numbers compare by value, object
  /// members in any order).
  case test(path: JSONPointer, value: JSONValue)

  /// The operation's name as written in `"op"`.
  public var name: String {
    switch self {
    case .add: "add"
    case .remove: "remove"
    case .replace: "replace"
    case .move: "move"
    case .copy: "copy"
    case .test: "test"
    }
  }

  /// Reads an operation object such as `{"op":"add","path":"/a","value":1}`.
  public init(json: JSONValue) throws(JSONPatchError) {
    guard case .object(let object) = json else {
      throw JSONPatchError("An operation must be an object, not \(json.typeName).")
    }
    guard case .string(let name) = object["op"] else {
      throw JSONPatchError("An operation's \"op\" must be a string.")
    }
    func pointer(_ member: String) throws(JSONPatchError) -> JSONPointer {
      guard case .string(let text) = object[member] else {
        throw JSONPatchError("The \"\(name)\" operation's \"\(member)\" must be a string.")
      }
      return try JSONPointer(parsing: text)
    }
    func value() throws(JSONPatchError) -> JSONValue {
      guard let value = object["value"] else {
        throw JSONPatchError("The \"\(name)\" operation needs a \"value\".")
      }
      return value
    }
    switch name {
    case "add": self = .add(path: try pointer("path"), value: try value())
    case "remove": self = .remove(path: try pointer("path"))
    case "replace": self = .replace(path: try pointer("path"), value: try value())
    case "move": self = .move(from: try pointer("from"), path: try pointer("path"))
    case "copy": self = .copy(from: try pointer("from"), path: try pointer("path"))
    case "test": self = .test(path: try pointer("path"), value: try value())
    default: throw JSONPatchError("Unknown operation \"\(name)\".")
    }
  }

  /// The operation as an RFC 6902 object: `{"op":…,"path":…}` with `from` or `value` as needed.
  public var json: JSONValue {
    var object = JSONObject()
    object.reserveCapacity(3)
    object["op"] = .string(name)
    switch self {
    case .add(let path, let value), .replace(let path, let value), .test(let path, let value):
      object["path"] = .string(path.description)
      object["value"] = value
    case .remove(let path):
      object["path"] = .string(path.description)
    case .move(let from, let path), .copy(let from, let path):
      object["from"] = .string(from.description)
      object["path"] = .string(path.description)
    }
    return .object(object)
  }
}

// MARK: - JSONPatch

/// Computes and applies RFC 6902 JSON Patches.
public enum JSONPatch {
  /// The operations that turn `from` into a value equal to `to`, using only add, remove and
  /// replace.
  ///
  /// Objects are compared member by member: members only in `from` are removed, members in both
  /// are compared recursively, members only in `to` are added (in `to`'s order). Arrays are
  /// compared index by index up to the shorter length, then elements are added at the tail, or
  /// removed from the last backwards so every index stays valid. Anything else that differs,
  /// including a change of type or between `1` and `1.0`, is replaced. Equal values give `[]`.
  public static func diff(from: JSONValue, to: JSONValue) -> [JSONPatchOperation] {
    var operations: [JSONPatchOperation] = []
    var tokens: [String] = []
    diff(from, to, tokens: &tokens, into: &operations)
    return operations
  }

  private static func diff(
    _ from: JSONValue, _ to: JSONValue, tokens: inout [String],
    into operations: inout [JSONPatchOperation]
  ) {
    if from == to { return }
    switch (from, to) {
    case (.object(let old), .object(let new)):
      for key in old.keys where new[key] == nil {
        operations.append(.remove(path: JSONPointer(tokens: tokens + [key])))
      }
      for (key, value) in new {
        if let previous = old[key] {
          tokens.append(key)
          diff(previous, value, tokens: &tokens, into: &operations)
          tokens.removeLast()
        } else {
          operations.append(.add(path: JSONPointer(tokens: tokens + [key]), value: value))
        }
      }
    case (.array(let old), .array(let new)):
      let common = min(old.count, new.count)
      for index in 0..<common {
        tokens.append(String(index))
        diff(old[index], new[index], tokens: &tokens, into: &operations)
        tokens.removeLast()
      }
      for index in common..<new.count {
        operations.append(
          .add(path: JSONPointer(tokens: tokens + [String(index)]), value: new[index]))
      }
      for index in (common..<old.count).reversed() {
        operations.append(.remove(path: JSONPointer(tokens: tokens + [String(index)])))
      }
    default:
      operations.append(.replace(path: JSONPointer(tokens: tokens), value: to))
    }
  }

  /// The result of applying `operations` in order to `document`.
  ///
  /// The patch is atomic: when an operation fails, the error says which and `document` is left
  /// as it was.
  public static func apply(_ operations: [JSONPatchOperation], to document: JSONValue)
    throws(JSONPatchError) -> JSONValue
  {
    var result = document
    for (index, operation) in operations.enumerated() {
      do {
        try apply(operation, to: &result)
      } catch {
        throw JSONPatchError(error.message, operationIndex: index)
      }
    }
    return result
  }

  /// Applies one operation to `document` in place.
  public static func apply(_ operation: JSONPatchOperation, to document: inout JSONValue)
    throws(JSONPatchError)
  {
    switch operation {
    case .add(let path, let value):
      try add(value, at: path, in: &document)
    case .remove(let path):
      _ = try remove(at: path, in: &document)
    case .replace(let path, let value):
      try replace(at: path, with: value, in: &document)
    case .move(let from, let path):
      if from == path { return }
      if from.isProperPrefix(of: path) {
        throw JSONPatchError("Cannot move \"\(from)\" into its own descendant \"\(path)\".")
      }
      let value = try remove(at: from, in: &document)
      try add(value, at: path, in: &document)
    case .copy(let from, let path):
      guard let value = from.resolve(in: document) else {
        throw JSONPatchError("There is no value at \"\(from)\" to copy.")
      }
      try add(value, at: path, in: &document)
    case .test(let path, let value):
      guard let actual = path.resolve(in: document) else {
        throw JSONPatchError("Test failed: there is no value at \"\(path)\".")
      }
      guard equivalent(actual, value) else {
        throw JSONPatchError("Test failed: the value at \"\(path)\" is \(actual), not \(value).")
      }
    }
  }

  /// A patch as a JSON array of operation objects.
  public static func json(_ operations: [JSONPatchOperation]) -> JSONValue {
    .array(operations.map(\.json))
  }

  /// Reads a patch from a JSON array of operation objects.
  public static func operations(json: JSONValue) throws(JSONPatchError) -> [JSONPatchOperation] {
    guard case .array(let elements) = json else {
      throw JSONPatchError("A patch must be an array, not \(json.typeName).")
    }
    var operations: [JSONPatchOperation] = []
    operations.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      do {
        operations.append(try JSONPatchOperation(json: element))
      } catch {
        throw JSONPatchError(error.message, operationIndex: index)
      }
    }
    return operations
  }

  // MARK: Operations

  private static func add(_ value: JSONValue, at path: JSONPointer, in document: inout JSONValue)
    throws(JSONPatchError)
  {
    guard let last = path.tokens.last else {
      document = value
      return
    }
    try withParent(of: path, in: &document) { (parent) throws(JSONPatchError) in
      switch parent {
      case .object(var object):
        parent = .null
        object[last] = value
        parent = .object(object)
      case .array(var elements):
        let index: Int
        if last == "-" {
          index = elements.count
        } else {
          guard let position = JSONPointer.arrayIndex(last), position <= elements.count else {
            throw JSONPatchError("Cannot add at \"\(path)\": the index is not within the array.")
          }
          index = position
        }
        parent = .null
        elements.insert(value, at: index)
        parent = .array(elements)
      default:
        throw JSONPatchError("Cannot add at \"\(path)\": the parent is \(parent.typeName).")
      }
    }
  }

  private static func remove(at path: JSONPointer, in document: inout JSONValue)
    throws(JSONPatchError) -> JSONValue
  {
    guard let last = path.tokens.last else {
      throw JSONPatchError("Cannot remove the whole document.")
    }
    return try withParent(of: path, in: &document) { (parent) throws(JSONPatchError) in
      switch parent {
      case .object(var object):
        parent = .null
        defer { parent = .object(object) }
        guard let removed = object.removeValue(forKey: last) else {
          throw JSONPatchError("There is no value at \"\(path)\" to remove.")
        }
        return removed
      case .array(var elements):
        guard let index = JSONPointer.arrayIndex(last), index < elements.count else {
          throw JSONPatchError("There is no value at \"\(path)\" to remove.")
        }
        parent = .null
        let removed = elements.remove(at: index)
        parent = .array(elements)
        return removed
      default:
        throw JSONPatchError("There is no value at \"\(path)\" to remove.")
      }
    }
  }

  private static func replace(
    at path: JSONPointer, with value: JSONValue, in document: inout JSONValue
  ) throws(JSONPatchError) {
    guard let last = path.tokens.last else {
      document = value
      return
    }
    try withParent(of: path, in: &document) { (parent) throws(JSONPatchError) in
      switch parent {
      case .object(var object):
        guard object[last] != nil else {
          throw JSONPatchError("There is no value at \"\(path)\" to replace.")
        }
        parent = .null
        object[last] = value
        parent = .object(object)
      case .array(var elements):
        guard let index = JSONPointer.arrayIndex(last), index < elements.count else {
          throw JSONPatchError("There is no value at \"\(path)\" to replace.")
        }
        parent = .null
        elements[index] = value
        parent = .array(elements)
      default:
        throw JSONPatchError("There is no value at \"\(path)\" to replace.")
      }
    }
  }

  /// Calls `body` with the container holding the location `path` (which is not the root),
  /// modified in place.
  private static func withParent<Result>(
    of path: JSONPointer, in document: inout JSONValue,
    _ body: (inout JSONValue) throws(JSONPatchError) -> Result
  ) throws(JSONPatchError) -> Result {
    try descend(path.tokens.dropLast(), path: path, in: &document, body)
  }

  private static func descend<Result>(
    _ tokens: ArraySlice<String>, path: JSONPointer, in value: inout JSONValue,
    _ body: (inout JSONValue) throws(JSONPatchError) -> Result
  ) throws(JSONPatchError) -> Result {
    guard let token = tokens.first else { return try body(&value) }
    let rest = tokens.dropFirst()
    switch value {
    case .object(var object):
      guard let position = object.position(of: token) else { break }
      value = .null
      defer { value = .object(object) }
      return try object.modifyValue(at: position) { (child) throws(JSONPatchError) in
        try descend(rest, path: path, in: &child, body)
      }
    case .array(var elements):
      guard let index = JSONPointer.arrayIndex(token), index < elements.count else { break }
      value = .null
      defer { value = .array(elements) }
      var child = elements[index]
      elements[index] = .null
      defer { elements[index] = child }
      return try descend(rest, path: path, in: &child, body)
    default:
      break
    }
    throw JSONPatchError("The path \"\(path)\" does not exist: nothing is at its parent.")
  }

  /// JSON equality as RFC 6902's `test` defines it: numbers by value, objects in any order.
  static func equivalent(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.integer(let integer), .number(let number)), (.number(let number), .integer(let integer)):
      return Int(exactly: number) == integer
    case (.array(let left), .array(let right)):
      return left.count == right.count && zip(left, right).allSatisfy { equivalent($0, $1) }
    case (.object(let left), .object(let right)):
      guard left.count == right.count else { return false }
      for (key, value) in left {
        guard let other = right[key], equivalent(value, other) else { return false }
      }
      return true
    default:
      return lhs == rhs
    }
  }
}
