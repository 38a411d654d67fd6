// Swift objects in Lua: full userdata with named metatables, released by Lua's collector.

import CLua
import CLuaShim

/// The layout of a Swift object's userdata: one retained object pointer, tagged with the name of
/// its metatable.
///
/// The tag is how ``LuaStack/object(at:metatable:as:)`` recognizes the userdata:
/// `luaL_testudata` looks the metatable up in the registry by name on every call (~300
/// instructions on every method call on a handle), while the tag is read in place. A userdata's
/// metatable cannot change after `push(object:metatable:)` (scripts have no `debug` library, and
/// `setmetatable` takes tables only), so the name it was pushed with stays true.
private struct ObjectSlot {
  var object: UnsafeMutableRawPointer?
  /// ``ObjectSlot/marker``: this userdata is an object slot.
  var marker: UInt64
  /// ``LuaMetatable/tag`` of the metatable's name.
  var metatableTag: UInt64
  /// The object's own class, so that a receiver of exactly that class is taken without a
  /// dynamic cast (`as?` costs ~100 instructions on every method call).
  var objectType: ObjectIdentifier

  /// Marks every object slot (other userdata, such as function boxes, never hold it).
  static let marker: UInt64 = 0x6E61_7664_6F62_6A31  // "navdobj1"
}

/// The name of a metatable for Swift objects, with the tag its userdata carry.
///
/// Hold one in a `static let` for a metatable used on a hot path: the tag (a hash of the name)
/// is then computed once, not on every method call. A string literal converts to one.
public struct LuaMetatable: Hashable, Sendable, ExpressibleByStringLiteral {
  /// The metatable's name in the registry (`luaL_newmetatable`).
  public let name: String
  /// The FNV-1a hash of `name`, stored in each of its userdata.
  let tag: UInt64

  /// The metatable named `name`.
  public init(_ name: String) {
    self.name = name
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    self.tag = hash
  }

  /// The metatable named by a string literal.
  public init(stringLiteral name: String) { self.init(name) }
}

/// Releases the Swift object of a userdata when Lua collects it (or closes the state).
///
/// It is a plain C function: it raises no error, so it is safe to register without a trampoline.
private func releaseObjectSlot(_ state: OpaquePointer?) -> Int32 {
  guard let state, let raw = lua_touserdata(state, 1) else { return 0 }
  let slot = raw.assumingMemoryBound(to: ObjectSlot.self)
  if let object = slot.pointee.object {
    slot.pointee.object = nil
    Unmanaged<AnyObject>.fromOpaque(object).release()
  }
  return 0
}

/// How a metatable answers a missing key: a property read (`handle.state`).
///
/// It gets the key, pushes the value and returns 1, or returns 0 when there is no such property.
public typealias LuaPropertyGetter = (_ stack: LuaStack, _ key: String) throws -> Int32

/// How a metatable takes an assignment (`handle.exhaustive = false`): the value is at index 3.
///
/// It returns false when there is no such property (the bridge then raises an error naming it).
public typealias LuaPropertySetter = (_ stack: LuaStack, _ key: String) throws -> Bool

extension LuaStack {
  /// Defines `metatable` for Swift objects, unless it exists already.
  ///
  /// `methods` are looked up first on index (`handle:send(…)`), then `getter`; `setter` takes
  /// assignments. `__gc` releases the object, `__name` is the metatable's name and `__tostring`
  /// prints `name: 0x…`. Returns false when the metatable already existed (nothing changed).
  ///
  /// Stack: balanced.
  @discardableResult
  public func defineObjectMetatable(
    _ metatable: LuaMetatable,
    methods: [String: LuaMethod],
    getter: LuaPropertyGetter? = nil,
    setter: LuaPropertySetter? = nil
  ) -> Bool {
    let name = metatable.name
    guard luaL_newmetatable(state, name) != 0 else {
      pop()
      return false
    }
    setObjectFields(name: name, setter: setter)
    pushNewTable(fieldCount: Int32(methods.count))
    for (method, body) in methods {
      push(function: body.body)
      setField(method, ofTableAt: -2)
    }
    if let getter {
      // Methods, then properties: a C function, which sees the object (`navlua_pushobjectindex`).
      push(function: { stack in
        guard let key = stack.string(at: 2) else { return 0 }
        return try getter(stack, key)
      })
      navlua_pushobjectindex(state)
    }
    // Without a getter, the methods table itself is the index.
    setField("__index", ofTableAt: -2)
    pop()
    return true
  }

  /// Sets the fields of an object metatable other than `__index` on the metatable on top of the
  /// stack: the setter as `__newindex`, `__tostring` (`name: 0x…`) and `__gc`.
  ///
  /// Stack: balanced.
  private func setObjectFields(name: String, setter: LuaPropertySetter?) {
    lua_pushcclosure(state, { releaseObjectSlot($0) }, 0)
    setField("__gc", ofTableAt: -2)
    let metatableName = name
    push(function: { stack in
      let key = stack.string(at: 2) ?? "?"
      if let setter, try setter(stack, key) { return 0 }
      throw LuaError("cannot set field '\(key)' of a \(metatableName)")
    })
    setField("__newindex", ofTableAt: -2)
    push(function: { stack in
      let address = lua_topointer(stack.state, 1).map { String(UInt(bitPattern: $0), radix: 16) }
      stack.push("\(metatableName): 0x\(address ?? "0")")
      return 1
    })
    setField("__tostring", ofTableAt: -2)
  }

  /// Pushes `object` as a userdata with the metatable `metatable`, which must be defined.
  ///
  /// The userdata keeps `object` alive until Lua collects it.
  ///
  /// Stack: pushes one.
  public func push(object: AnyObject, metatable: LuaMetatable) {
    let raw = navlua_newuserdata(state, MemoryLayout<ObjectSlot>.size)!
    raw.assumingMemoryBound(to: ObjectSlot.self).initialize(
      to: ObjectSlot(
        object: Unmanaged.passRetained(object).toOpaque(), marker: ObjectSlot.marker,
        metatableTag: metatable.tag, objectType: ObjectIdentifier(type(of: object))))
    luaL_setmetatable(state, metatable.name)
  }

  /// The Swift object of the userdata at `index` when it has the metatable `metatable` and is an
  /// `Object`; `nil` otherwise (never raises).
  public func object<Object: AnyObject>(
    at index: Int32, metatable: LuaMetatable, as _: Object.Type = Object.self
  ) -> Object? {
    // A full userdata of an object slot's size, marked as one and tagged with this metatable's
    // name (see `ObjectSlot`).
    guard let raw = navlua_touserdata_sized(state, index, MemoryLayout<ObjectSlot>.size)
    else { return nil }
    let slot = raw.assumingMemoryBound(to: ObjectSlot.self).pointee
    guard slot.marker == ObjectSlot.marker, slot.metatableTag == metatable.tag,
      let object = slot.object
    else { return nil }
    if slot.objectType == ObjectIdentifier(Object.self) {
      return Unmanaged<Object>.fromOpaque(object).takeUnretainedValue()
    }
    return Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue() as? Object
  }

  /// The receiver of a method call (`handle:method(…)`, index 1), or an error that says how to
  /// call the method.
  public func receiver<Object: AnyObject>(
    metatable: LuaMetatable, method: String, as _: Object.Type = Object.self
  ) throws(LuaError) -> Object {
    guard let object = object(at: 1, metatable: metatable, as: Object.self) else {
      throw LuaError(
        "bad self to '\(method)' (\(metatable.name) expected, got \(typeName(at: 1))): "
          + "call it with a colon, as in handle:\(method)(…)")
    }
    return object
  }
}
