// Swift functions callable from Lua, through the C trampoline.

import CLua
import CLuaShim

/// A Swift function Lua can call.
///
/// It reads its arguments from `stack` (index 1 is the first), pushes its results and returns
/// how many it pushed. To fail, it throws: the trampoline in C raises the error's message as a
/// Lua error once the Swift frames have returned (Swift never calls `lua_error` itself).
/// To yield from a coroutine, push the values to yield and throw ``LuaYield``.
public typealias LuaFunction = (_ stack: LuaStack) throws -> Int32

/// A ``LuaFunction`` kept as a method of a metatable (``LuaStack/defineObjectMetatable(_:methods:getter:setter:)``).
///
/// The struct is what keeps method calls cheap: a closure stored directly as a dictionary's value
/// is re-abstracted into the dictionary's generic form, and taken back out through a chain of
/// conversion thunks that then run (and retain their contexts) on every call from Lua. Wrapped,
/// the closure keeps its own form, and Lua's call reaches it directly.
public struct LuaMethod {
  /// The function the method runs.
  public let body: LuaFunction

  /// A method that runs `body`.
  public init(_ body: @escaping LuaFunction) { self.body = body }
}

/// Thrown by a ``LuaFunction`` to yield the top `count` values from the running coroutine.
public struct LuaYield: Error {
  /// How many values on top of the stack to yield.
  public var count: Int32
  /// Yields the top `count` values.
  public init(count: Int32) { self.count = count }
}

/// Holds a ``LuaFunction`` for the lifetime of the Lua closure that calls it.
final class LuaFunctionBox {
  let body: LuaFunction

  init(_ body: @escaping LuaFunction) { self.body = body }

  /// Installs the dispatcher and releaser in the C shim (idempotent).
  static func installDispatcher() { _ = installed }

  private static let installed: Void = navlua_install(
    { state, box in LuaFunctionBox.dispatch(state, box) },
    { box in LuaFunctionBox.release(box) })

  /// The single entry from C into Swift: runs the boxed function and maps its outcome to a count
  /// of results or a status for the trampoline.
  private static func dispatch(_ state: OpaquePointer?, _ box: UnsafeMutableRawPointer?) -> Int32 {
    guard let state, let box else { return Int32(NAVLUA_RAISE) }
    let stack = LuaStack(state)
    do {
      // The closure that owns the box is on Lua's stack for the whole call, so the box is
      // borrowed, not retained and released around every call.
      return try Unmanaged<LuaFunctionBox>.fromOpaque(box)._withUnsafeGuaranteedRef {
        try $0.body(stack)
      }
    } catch let yield as LuaYield {
      navlua_set_yield_count(state, yield.count)
      return Int32(NAVLUA_YIELD)
    } catch let error as LuaError {
      stack.push(error.message)
      return Int32(NAVLUA_RAISE)
    } catch {
      stack.push(String(describing: error))
      return Int32(NAVLUA_RAISE)
    }
  }

  private static func release(_ box: UnsafeMutableRawPointer?) {
    guard let box else { return }
    Unmanaged<LuaFunctionBox>.fromOpaque(box).release()
  }
}

extension LuaStack {
  /// Pushes a Lua function that runs `body`.
  ///
  /// Stack: pushes one.
  public func push(function body: @escaping LuaFunction) {
    let box = Unmanaged.passRetained(LuaFunctionBox(body)).toOpaque()
    navlua_pushswiftfunction(state, box)
  }

  /// The argument at `index` as a string, or an error naming the argument and what it got.
  public func argument(_ index: Int32, as _: String.Type, function: String) throws(LuaError)
    -> String
  {
    guard let value = string(at: index) else {
      throw LuaError(
        "bad argument #\(index) to '\(function)' (string expected, got \(typeName(at: index)))")
    }
    return value
  }

  /// The argument at `index` as a number, or an error naming the argument and what it got.
  public func argument(_ index: Int32, as _: Double.Type, function: String) throws(LuaError)
    -> Double
  {
    guard let value = number(at: index) else {
      throw LuaError(
        "bad argument #\(index) to '\(function)' (number expected, got \(typeName(at: index)))")
    }
    return value
  }
}
