// Between the wire's JSON and the value model's Lua values.

import LuaBridge
import NavProtocol

extension JSONValue {
  /// The JSON form of a value-model value: sequences become arrays, tables with fields objects
  /// (an empty table is `{}`), integers stay integers.
  init(_ value: LuaValue) {
    switch value {
    case .null: self = .null
    case .boolean(let flag): self = .bool(flag)
    case .integer(let integer): self = .integer(integer)
    case .number(let number): self = number.isFinite ? .number(number) : .null
    case .string(let string): self = .string(string)
    case .table(let table):
      if table.fields.isEmpty, table.otherFields.isEmpty, !table.array.isEmpty {
        self = .array(table.array.map(JSONValue.init))
        return
      }
      var object = JSONObject()
      for (position, element) in table.array.enumerated() {
        _ = object.updateValue(JSONValue(element), forKey: String(position + 1))
      }
      for key in table.fields.keys.sorted() {
        _ = object.updateValue(JSONValue(table.fields[key]!), forKey: key)
      }
      for (key, field) in table.otherFields {
        _ = object.updateValue(JSONValue(field), forKey: key.description)
      }
      self = .object(object)
    }
  }
}

extension LuaValue {
  /// The value-model form of JSON: arrays become sequences, objects tables, `null` nil.
  init(_ json: JSONValue) {
    switch json {
    case .null: self = .null
    case .bool(let flag): self = .boolean(flag)
    case .integer(let integer): self = .integer(integer)
    case .number(let number): self = .number(number)
    // Requests holding one are refused before a method runs (``JSONValue/largeNumberPath``).
    case .largeNumber(let text): self = .number(Double(text) ?? .nan)
    case .string(let string): self = .string(string)
    case .array(let elements): self = .table(LuaTable(array: elements.map(LuaValue.init)))
    case .object(let object):
      var fields: [String: LuaValue] = [:]
      for (key, value) in object where !value.isNull { fields[key] = LuaValue(value) }
      self = .table(LuaTable(fields: fields))
    }
  }
}
