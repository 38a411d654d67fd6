// Reading a request's named parameters, with -32602 errors that name the parameter.

import NavProtocol

extension RPCRequest {
  /// The string parameter `name`; `nil` when absent; an error when it is not a string.
  func string(_ name: String) throws(RPCError) -> String? {
    switch parameter(name) {
    case nil, .null?: return nil
    case .string(let value)?: return value
    case let other?: throw RPCError.wrongType(name, expected: "a string", got: other)
    }
  }

  /// The string parameter `name`, which must be there.
  func requiredString(_ name: String) throws(RPCError) -> String {
    guard let value = try string(name) else { throw RPCError.missing(name, "a string") }
    return value
  }

  /// The number parameter `name`; `nil` when absent.
  func number(_ name: String) throws(RPCError) -> Double? {
    switch parameter(name) {
    case nil, .null?: return nil
    case .integer(let value)?: return Double(value)
    case .number(let value)?: return value
    case let other?: throw RPCError.wrongType(name, expected: "a number", got: other)
    }
  }

  /// The whole-number parameter `name`, at least 0; `nil` when absent.
  func count(_ name: String) throws(RPCError) -> Int? {
    switch parameter(name) {
    case nil, .null?: return nil
    case .integer(let value)? where value >= 0: return value
    case let other?:
      throw RPCError.wrongType(name, expected: "a whole number, at least 0", got: other)
    }
  }

  /// The array-of-strings parameter `name`; `nil` when absent.
  func strings(_ name: String) throws(RPCError) -> [String]? {
    switch parameter(name) {
    case nil, .null?: return nil
    case .array(let elements)?:
      var strings: [String] = []
      for element in elements {
        guard case .string(let string) = element else {
          throw RPCError.wrongType(name, expected: "an array of strings", got: .array(elements))
        }
        strings.append(string)
      }
      return strings
    case let other?: throw RPCError.wrongType(name, expected: "an array of strings", got: other)
    }
  }

  /// Fails when the request has parameters other than `names` (a misspelt one is an error, not
  /// silently ignored).
  func only(_ names: Set<String>) throws(RPCError) {
    switch params {
    case nil: return
    case .object(let object)?:
      for (key, _) in object where !names.contains(key) {
        throw RPCError(
          .invalidParams,
          message: "unknown parameter \"\(key)\" for \(method); expected "
            + (names.isEmpty ? "none" : names.sorted().joined(separator: ", ")))
      }
    case .array?:
      throw RPCError(.invalidParams, message: "\(method) takes named parameters (an object)")
    default: return
    }
  }
}

extension RPCError {
  static func wrongType(_ name: String, expected: String, got value: JSONValue) -> RPCError {
    RPCError(
      .invalidParams, message: "parameter \"\(name)\" must be \(expected), not \(value.typeName)")
  }

  static func missing(_ name: String, _ expected: String) -> RPCError {
    RPCError(.invalidParams, message: "missing parameter \"\(name)\" (\(expected))")
  }
}
