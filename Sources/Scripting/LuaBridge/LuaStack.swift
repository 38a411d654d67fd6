// Typed access to one Lua thread's stack: the converter between Lua and Swift values.

import CLua
import CLuaShim
import NavValue

/// A view of the stack of one Lua thread, with one push and one read per Swift type.
///
/// A `LuaStack` is a plain pointer: it does not own the state. It is valid while the
/// ``LuaState`` that owns the thread is alive, and only on the thread running that state.
/// Indices follow Lua: positive from the bottom (1 is the first argument of a function), negative
/// from the top (-1 is the top).
public struct LuaStack {
  /// The Lua thread.
  public let state: OpaquePointer

  /// Wraps the stack of `state`.
  public init(_ state: OpaquePointer) { self.state = state }

  // MARK: - Size

  /// The index of the top element, which is also the number of elements.
  public var top: Int32 {
    get { lua_gettop(state) }
    nonmutating set { lua_settop(state, newValue) }
  }

  /// Pops `count` values.
  ///
  /// Stack: pops `count`.
  public func pop(_ count: Int32 = 1) { navlua_pop(state, count) }

  /// Makes room for `count` more values, or returns false when Lua cannot.
  public func ensure(_ count: Int32) -> Bool { lua_checkstack(state, count) != 0 }

  /// The absolute index of `index`.
  public func absolute(_ index: Int32) -> Int32 { lua_absindex(state, index) }

  /// The Lua type name of the value at `index` (`"nil"`, `"table"`, …; `"no value"` past the top).
  public func typeName(at index: Int32) -> String {
    String(cString: lua_typename(state, lua_type(state, index)))
  }

  /// Whether the value at `index` is nil or absent.
  public func isNil(at index: Int32) -> Bool { navlua_isnoneornil(state, index) != 0 }

  // MARK: - Pushing Swift values

  /// Pushes `nil`.
  ///
  /// Stack: pushes one.
  public func pushNil() { lua_pushnil(state) }

  /// Pushes a boolean.
  ///
  /// Stack: pushes one.
  public func push(_ value: Bool) { lua_pushboolean(state, value ? 1 : 0) }

  /// Pushes an integer.
  ///
  /// Stack: pushes one.
  public func push(_ value: Int) { lua_pushinteger(state, lua_Integer(value)) }

  /// Pushes a float.
  ///
  /// Stack: pushes one.
  public func push(_ value: Double) { lua_pushnumber(state, value) }

  /// Pushes a string (its UTF-8 bytes).
  ///
  /// Stack: pushes one.
  public func push(_ value: String) {
    var value = value
    value.withUTF8 { bytes in
      _ = bytes.withMemoryRebound(to: CChar.self) {
        lua_pushlstring(state, $0.baseAddress, $0.count)
      }
    }
  }

  /// Pushes a value, converting arrays and objects to tables recursively.
  ///
  /// An array becomes a sequence `1…n`, an object a table of string keys (its `null` fields
  /// left out, as a Lua table cannot hold `nil`).
  ///
  /// Stack: pushes one.
  public func push(_ value: DataValue) {
    switch value {
    case .null: lua_pushnil(state)
    case .bool(let flag): push(flag)
    case .integer(let integer): push(integer)
    case .number(let number): push(number)
    case .string(let string): push(string)
    case .array(let elements):
      _ = ensure(3)
      lua_createtable(state, Int32(elements.count), 0)
      for (offset, element) in elements.enumerated() {
        push(element)
        lua_rawseti(state, -2, lua_Integer(offset + 1))
      }
    case .object(let fields):
      _ = ensure(3)
      lua_createtable(state, 0, Int32(fields.count))
      for (key, field) in fields where field != .null {
        push(key)
        push(field)
        lua_rawset(state, -3)
      }
    }
  }

  /// Pushes the value of the global `name`.
  ///
  /// Stack: pushes one.
  public func pushGlobal(_ name: String) { _ = name.withCString { lua_getglobal(state, $0) } }

  /// Pops the top value into the global `name`.
  ///
  /// Stack: pops one.
  public func setGlobal(_ name: String) { lua_setglobal(state, name) }

  /// Pushes a copy of the value at `index`.
  ///
  /// Stack: pushes one.
  public func pushCopy(of index: Int32) { lua_pushvalue(state, index) }

  /// Pops the top value into field `key` of the table at `index`.
  ///
  /// Stack: pops one.
  public func setField(_ key: String, ofTableAt index: Int32) {
    // `withCString`, not the implicit conversion, which copies the string into a new array.
    key.withCString { lua_setfield(state, index, $0) }
  }

  /// Pushes field `key` of the table at `index` (raw access, no metamethods).
  ///
  /// Stack: pushes one.
  public func pushRawField(_ key: String, ofTableAt index: Int32) {
    let table = absolute(index)
    push(key)
    lua_rawget(state, table)
  }

  /// Pushes a new empty table.
  ///
  /// Stack: pushes one.
  public func pushNewTable(arrayCount: Int32 = 0, fieldCount: Int32 = 0) {
    lua_createtable(state, arrayCount, fieldCount)
  }

  // MARK: - Calling

  /// Calls the function below `arguments` values on the stack, in protected mode.
  ///
  /// Errors come back with a traceback. Safe from inside a Swift function Lua called.
  ///
  /// Stack: pops the function and its arguments; pushes `results` values (all of them for
  /// `LUA_MULTRET`) on success, nothing on failure.
  public func call(arguments: Int32, results: Int32) throws(LuaError) {
    let status = navlua_pcall_traceback(state, arguments, results)
    guard status == LUA_OK else {
      let message = string(at: -1) ?? "error (status \(status))"
      pop()
      throw LuaError(message)
    }
  }

  /// Where the Lua code at `level` of the call stack is: `"file:line: "`, or `""` when unknown.
  ///
  /// Level 1 is the function that called the running Swift function.
  ///
  /// Stack: balanced.
  public func location(level: Int32 = 1) -> String {
    luaL_where(state, level)
    defer { pop() }
    return string(at: -1) ?? ""
  }

  // MARK: - Reading Lua values

  /// The string at `index`, or `nil` when it is not a string (numbers are not converted).
  public func string(at index: Int32) -> String? {
    guard lua_type(state, index) == LUA_TSTRING else { return nil }
    var length = 0
    guard let bytes = navlua_tolstring(state, index, &length) else { return nil }
    return bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
      String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
  }

  /// The bytes of the string at `index`, without copying them, or `nil` when it is not a string.
  ///
  /// The buffer is Lua's own: valid only while the string stays on the stack. Lua interns short
  /// strings, so the same text often comes back at the same address (a cache key, once the bytes
  /// are compared too).
  public func stringBytes(at index: Int32) -> UnsafeRawBufferPointer? {
    guard lua_type(state, index) == LUA_TSTRING else { return nil }
    var length = 0
    guard let bytes = navlua_tolstring(state, index, &length) else { return nil }
    return UnsafeRawBufferPointer(start: bytes, count: length)
  }

  /// The integer at `index`, or `nil` when it is not a number with an exact integer value.
  public func integer(at index: Int32) -> Int? {
    guard lua_type(state, index) == LUA_TNUMBER else { return nil }
    var isNumber: Int32 = 0
    let value = lua_tointegerx(state, index, &isNumber)
    return isNumber != 0 ? Int(value) : nil
  }

  /// The number at `index`, or `nil` when it is not a number.
  public func number(at index: Int32) -> Double? {
    guard lua_type(state, index) == LUA_TNUMBER else { return nil }
    return lua_tonumberx(state, index, nil)
  }

  /// The boolean at `index`, or `nil` when it is not a boolean.
  public func boolean(at index: Int32) -> Bool? {
    guard lua_type(state, index) == LUA_TBOOLEAN else { return nil }
    return lua_toboolean(state, index) != 0
  }

  /// Whether the value at `index` is a function.
  public func isFunction(at index: Int32) -> Bool { lua_type(state, index) == LUA_TFUNCTION }

  /// Whether the value at `index` is a table.
  public func isTable(at index: Int32) -> Bool { lua_type(state, index) == LUA_TTABLE }

  /// The raw length of the table or string at `index` (`#` without metamethods); 0 for other
  /// values.
  ///
  /// Stack: balanced.
  public func length(at index: Int32) -> Int { Int(lua_rawlen(state, index)) }

  /// The value at `index` converted to data.
  ///
  /// Tables are read recursively with raw access; a table met twice on the way down (a cycle),
  /// tables nested deeper than ``maximumDepth``, and values that are not data (functions,
  /// userdata, threads) are errors that name where they are.
  ///
  /// Stack: balanced.
  public func value(at index: Int32) throws(LuaError) -> DataValue {
    var visiting: Set<UnsafeRawPointer> = []
    let before = top
    defer { assert(top == before, "LuaStack.value(at:) left the stack unbalanced") }
    return try value(at: absolute(index), path: "value", visiting: &visiting)
  }

  /// How deeply tables may nest in ``value(at:)``: deeper data is an error, not a stack overflow.
  public static let maximumDepth = 500

  private func value(
    at index: Int32, path: String, visiting: inout Set<UnsafeRawPointer>
  ) throws(LuaError) -> DataValue {
    guard visiting.count < Self.maximumDepth else {
      throw LuaError("\(path) is nested more than \(Self.maximumDepth) tables deep")
    }
    switch lua_type(state, index) {
    case LUA_TNIL, LUA_TNONE: return .null
    case LUA_TBOOLEAN: return .bool(lua_toboolean(state, index) != 0)
    case LUA_TNUMBER:
      if navlua_isinteger(state, index) != 0 {
        return .integer(Int(lua_tointegerx(state, index, nil)))
      }
      return .number(lua_tonumberx(state, index, nil))
    case LUA_TSTRING: return .string(string(at: index) ?? "")
    case LUA_TTABLE:
      return try table(at: index, path: path, visiting: &visiting)
    default:
      throw LuaError("\(path) is a \(typeName(at: index)), which has no value in data")
    }
  }

  /// The table at `index` as a value: a sequence `1…n` with no other key is an array; any
  /// other table, the empty one included, an object.
  ///
  /// In an object, the sequence's elements and the keys that are numbers or booleans are named
  /// by their text (`"1"`, `"2.5"`, `"true"`); a key that is a table, or that names the same
  /// field as another key, is an error.
  private func table(
    at index: Int32, path: String, visiting: inout Set<UnsafeRawPointer>
  ) throws(LuaError) -> DataValue {
    guard let identity = lua_topointer(state, index) else { return .emptyObject }
    guard visiting.insert(identity).inserted else {
      throw LuaError("\(path) contains itself (a cycle), which has no value in data")
    }
    defer { visiting.remove(identity) }
    guard ensure(4) else { throw LuaError("Lua stack overflow while reading \(path)") }
    var elements: [DataValue] = []
    let length = Int(lua_rawlen(state, index))
    if length > 0 {
      elements.reserveCapacity(length)
      for position in 1...length {
        lua_rawgeti(state, index, lua_Integer(position))
        defer { pop() }
        elements.append(
          try value(at: lua_gettop(state), path: "\(path)[\(position)]", visiting: &visiting))
      }
    }
    var fields: [String: DataValue] = [:]
    var otherKeys: [(name: String, value: DataValue)] = []
    // `lua_rawlen` is a border, not proof of a sequence: `{ [1] = a, [2] = b, [4] = d }` may
    // have length 4. The positions `1…length` that hold a value are counted as `lua_next` walks
    // the table; fewer than `length` means holes, and the table is an object.
    var positionsHeld = 0
    lua_pushnil(state)
    while lua_next(state, index) != 0 {
      // key at -2, value at -1
      let valueIndex = lua_gettop(state)
      let keyIndex = valueIndex - 1
      do throws(LuaError) {
        if let key = string(at: keyIndex) {
          let field = try value(at: valueIndex, path: "\(path).\(key)", visiting: &visiting)
          // Distinct Lua strings that are not UTF-8 can read as the same Swift string.
          guard fields.updateValue(field, forKey: key) == nil else {
            throw LuaError("\(path) has two keys that read as \(ValuePrinter.quoted(key))")
          }
        } else if navlua_isinteger(state, keyIndex) != 0,
          let position = integer(at: keyIndex), position >= 1, position <= length
        {
          positionsHeld += 1  // already read as part of the sequence
        } else {
          let key = try value(at: keyIndex, path: "a key of \(path)", visiting: &visiting)
          let name: String
          switch key {
          case .integer(let integer): name = String(integer)
          case .number(let number): name = String(number)
          case .bool(let flag): name = flag ? "true" : "false"
          default:
            throw LuaError(
              "\(path) has a \(typeName(at: keyIndex)) as a key, which has no value in data")
          }
          otherKeys.append(
            (name, try value(at: valueIndex, path: "\(path)[\(name)]", visiting: &visiting)))
        }
      } catch {
        pop(2)
        throw error
      }
      pop()  // the value; the key stays for lua_next
    }
    if fields.isEmpty, otherKeys.isEmpty, positionsHeld == length {
      return elements.isEmpty ? .emptyObject : .array(elements)
    }
    for (offset, element) in elements.enumerated() where element != .null {
      otherKeys.append((String(offset + 1), element))
    }
    for (name, field) in otherKeys {
      guard fields.updateValue(field, forKey: name) == nil else {
        throw LuaError("\(path) has two keys named \(name) (a number and a string)")
      }
    }
    return .object(fields)
  }
}
