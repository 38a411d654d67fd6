// Between the wire's JSON and the value model: arrays stay arrays, objects objects.

import NavProtocol
import NavValue

extension JSONValue {
  /// The JSON form of a value: arrays are arrays (an empty one is `[]`), objects objects with
  /// their members sorted by name, integers stay integers, and numbers JSON cannot write
  /// (NaN, infinities) are `null`.
  package init(_ value: DataValue) {
    switch value {
    case .null: self = .null
    case .bool(let flag): self = .bool(flag)
    case .integer(let integer): self = .integer(integer)
    case .number(let number): self = number.isFinite ? .number(number) : .null
    case .string(let string): self = .string(string)
    case .array(let elements): self = .array(elements.map(JSONValue.init))
    case .object(let fields):
      var object = JSONObject()
      for key in fields.keys.sorted() {
        _ = object.updateValue(JSONValue(fields[key]!), forKey: key)
      }
      self = .object(object)
    }
  }
}

extension DataValue {
  /// The value of a JSON document: `null` members of objects are left out, as a Lua table
  /// leaves out `nil` fields, so a value reads the same whichever way it came.
  package init(_ json: JSONValue) {
    switch json {
    case .null: self = .null
    case .bool(let flag): self = .bool(flag)
    case .integer(let integer): self = .integer(integer)
    case .number(let number): self = .number(number)
    // Requests holding one are refused before a method runs (``JSONValue/largeNumberPath``).
    case .largeNumber(let text): self = .number(Double(text) ?? .nan)
    case .string(let string): self = .string(string)
    case .array(let elements): self = .array(elements.map(DataValue.init))
    case .object(let object):
      var fields: [String: DataValue] = [:]
      for (key, value) in object where !value.isNull { fields[key] = DataValue(value) }
      self = .object(fields)
    }
  }
}
