import CLua
import LuaBridge
import XCTest

/// A Swift object exposed to Lua.
private final class Counter {
  var value = 0
  var label = "main"
  let tracked: Tracked?
  init(_ counter: DeinitCounter? = nil) { tracked = counter.map(Tracked.init) }
}

/// Another class, to see that receivers check the Swift type too.
private final class Other {}

final class LuaUserdataTests: XCTestCase {
  private static let metatable = LuaMetatable("Test.Counter")

  private func luaError<T>(
    file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> T
  ) -> LuaError {
    do {
      let result = try body()
      XCTFail("expected a LuaError, got \(result)", file: file, line: line)
      return LuaError("")
    } catch let error as LuaError {
      return error
    } catch {
      XCTFail("expected a LuaError, got \(error)", file: file, line: line)
      return LuaError("")
    }
  }

  /// A state with the counter metatable defined.
  private func makeState() -> LuaState {
    let state = LuaState()
    let name = Self.metatable
    let defined = state.stack.defineObjectMetatable(
      name,
      methods: [
        "increment": LuaMethod { stack in
          let counter = try stack.receiver(metatable: name, method: "increment", as: Counter.self)
          counter.value += stack.integer(at: 2) ?? 1
          stack.push(counter.value)
          return 1
        },
        "value": LuaMethod { stack in
          stack.push("method wins")
          return 1
        },
      ],
      getter: { stack, key in
        guard let counter = stack.object(at: 1, metatable: name, as: Counter.self) else { return 0 }
        switch key {
        case "count":
          stack.push(counter.value)
          return 1
        case "label":
          stack.push(counter.label)
          return 1
        case "explode": throw LuaError("cannot read explode")
        default: return 0
        }
      },
      setter: { stack, key in
        guard let counter = stack.object(at: 1, metatable: name, as: Counter.self) else {
          return false
        }
        switch key {
        case "label":
          guard let label = stack.string(at: 3) else { throw LuaError("label must be a string") }
          counter.label = label
          return true
        case "count":
          guard let count = stack.integer(at: 3) else { return false }
          counter.value = count
          return true
        default: return false
        }
      })
    XCTAssertTrue(defined)
    XCTAssertEqual(state.stack.top, 0)
    return state
  }

  private func install(
    _ object: AnyObject, as global: String, metatable: LuaMetatable, in state: LuaState
  ) {
    state.stack.push(object: object, metatable: metatable)
    state.stack.setGlobal(global)
  }

  // MARK: - Metatable

  func testDefiningTwiceChangesNothing() throws {
    let state = makeState()
    XCTAssertFalse(state.stack.defineObjectMetatable(Self.metatable, methods: [:]))
    XCTAssertEqual(state.stack.top, 0)
    let counter = Counter()
    install(counter, as: "c", metatable: Self.metatable, in: state)
    XCTAssertEqual(try state.run("return c:increment(2)"), [2], "the first definition stays")
    XCTAssertEqual(
      try state.run(
        "local mt = getmetatable(c) return mt.__name, type(mt.__gc), type(mt.__index)"),
      ["Test.Counter", "function", "function"])
  }

  func testMethodsGetterAndSetter() throws {
    let state = makeState()
    let counter = Counter()
    install(counter, as: "c", metatable: Self.metatable, in: state)
    XCTAssertEqual(try state.run("c:increment(2) return c:increment(3)"), [5])
    XCTAssertEqual(counter.value, 5)
    XCTAssertEqual(try state.run("return c.count, c.label, c.missing"), [5, "main", .null])
    XCTAssertEqual(try state.run("return c.value()"), ["method wins"], "methods come first")
    try state.run("c.label = 'renamed' c.count = 10")
    XCTAssertEqual(counter.label, "renamed")
    XCTAssertEqual(counter.value, 10)
    XCTAssertEqual(try state.run("return c.label, c:increment()"), ["renamed", 11])
    XCTAssertEqual(state.stack.top, 0)
  }

  func testUnknownFieldAssignmentIsAnError() throws {
    let state = makeState()
    install(Counter(), as: "c", metatable: Self.metatable, in: state)
    XCTAssertEqual(
      try state.run("return pcall(function() c.bogus = 1 end)"),
      [false, "cannot set field 'bogus' of a Test.Counter"])
    XCTAssertEqual(
      try state.run("return pcall(function() c.count = 'ten' end)"),
      [false, "cannot set field 'count' of a Test.Counter"], "a setter that refuses the value")
    XCTAssertEqual(
      try state.run("return pcall(function() c.label = 1 end)"),
      [false, "label must be a string"])
    XCTAssertEqual(
      try state.run("return pcall(function() return c.explode end)"),
      [false, "cannot read explode"])
    XCTAssertEqual(
      luaError { try state.run("c[1] = true") }.summary, "cannot set field '?' of a Test.Counter")
    XCTAssertEqual(state.stack.top, 0)
  }

  func testToStringNamesTheTypeAndAddress() throws {
    let state = makeState()
    install(Counter(), as: "c", metatable: Self.metatable, in: state)
    install(Counter(), as: "d", metatable: Self.metatable, in: state)
    let result = try state.run("return tostring(c), tostring(c), tostring(d)")
    guard case .string(let first) = result[0], case .string(let other) = result[2] else {
      return XCTFail("tostring gave \(result)")
    }
    XCTAssertEqual(result[0], result[1], "the same object prints the same")
    XCTAssertNotEqual(first, other)
    for text in [first, other] {
      XCTAssertTrue(text.hasPrefix("Test.Counter: 0x"), text)
      let address = UInt(text.dropFirst("Test.Counter: 0x".count), radix: 16)
      XCTAssertNotNil(address, text)
      XCTAssertNotEqual(address, 0, text)
    }
  }

  func testCallingAMethodWithADotNamesTheColon() throws {
    let state = makeState()
    install(Counter(), as: "c", metatable: Self.metatable, in: state)
    XCTAssertEqual(
      try state.run("return pcall(c.increment, 2)"),
      [
        false,
        "bad self to 'increment' (Test.Counter expected, got number): call it with a colon, as in handle:increment(…)",
      ])
    XCTAssertEqual(
      luaError { try state.run("c.increment()") }.summary,
      "bad self to 'increment' (Test.Counter expected, got no value): call it with a colon, as in handle:increment(…)"
    )
    XCTAssertEqual(
      try state.run("return pcall(c.increment, io.stdout)"),
      [
        false,
        "bad self to 'increment' (Test.Counter expected, got userdata): call it with a colon, as in handle:increment(…)",
      ])
    XCTAssertEqual(
      luaError { try state.run("c:missing()", name: "m.lua") }.summary,
      "m.lua:1: attempt to call a nil value (method 'missing')")
  }

  func testObjectLookupChecksMetatableAndType() {
    let state = makeState()
    state.stack.defineObjectMetatable("Test.Other", methods: [:])
    let counter = Counter()
    state.stack.push(object: counter, metatable: Self.metatable)
    state.stack.push(object: Other(), metatable: "Test.Other")
    state.stack.push(object: Other(), metatable: Self.metatable)
    state.stack.push("not an object")
    XCTAssertTrue(
      state.stack.object(at: 1, metatable: Self.metatable, as: Counter.self) === counter)
    XCTAssertNil(state.stack.object(at: 1, metatable: "Test.Other", as: Counter.self))
    XCTAssertNotNil(state.stack.object(at: 2, metatable: "Test.Other", as: Other.self))
    XCTAssertNil(state.stack.object(at: 3, metatable: Self.metatable, as: Counter.self))
    XCTAssertNil(state.stack.object(at: 4, metatable: Self.metatable, as: Counter.self))
    XCTAssertNil(state.stack.object(at: 9, metatable: Self.metatable, as: Counter.self))
    XCTAssertEqual(state.stack.typeName(at: 1), "userdata")
    XCTAssertEqual(state.stack.top, 4)
  }

  func testAForeignUserdataOfAnObjectsSizeIsNotTakenForOne() {
    let state = makeState()
    // What an object's userdata holds: a pointer and two 8-byte tags. A userdata of that size
    // that navd did not push, filled with anything, is not an object.
    for fill: UInt8 in [0x00, 0x6E, 0xFF] {
      let raw = lua_newuserdatauv(state.stack.state, 24, 0)!
      raw.initializeMemory(as: UInt8.self, repeating: fill, count: 24)
      XCTAssertNil(state.stack.object(at: -1, metatable: Self.metatable, as: Counter.self))
      state.stack.pop()
    }
  }

  // MARK: - Lifetime

  func testObjectIsReleasedWhenCollected() throws {
    let counter = DeinitCounter()
    let state = makeState()
    install(Counter(counter), as: "c", metatable: Self.metatable, in: state)
    install(Counter(counter), as: "d", metatable: Self.metatable, in: state)
    state.collectGarbage()
    XCTAssertEqual(counter.count, 0)
    XCTAssertEqual(try state.run("c = nil return d:increment()"), [1])
    state.collectGarbage()
    XCTAssertEqual(counter.count, 1)
    for _ in 0..<100 {
      state.stack.push(object: Counter(counter), metatable: Self.metatable)
      state.stack.pop()
    }
    state.collectGarbage()
    XCTAssertEqual(counter.count, 101)
  }

  func testObjectsAreReleasedWhenTheStateCloses() throws {
    let counter = DeinitCounter()
    var state: LuaState? = makeState()
    if let state {
      install(Counter(counter), as: "c", metatable: Self.metatable, in: state)
      try state.run("keep = { c, c }")
      state.stack.push(object: Counter(counter), metatable: Self.metatable)
    }
    XCTAssertEqual(counter.count, 0)
    state = nil
    XCTAssertEqual(counter.count, 2)
  }

  func testMetatableClosuresAreReleasedWhenTheStateCloses() {
    let counter = DeinitCounter()
    var state: LuaState? = LuaState()
    do {
      let tracked = Tracked(counter)
      state?.stack.defineObjectMetatable(
        "Test.Tracked",
        methods: [
          "touch": LuaMethod { _ in
            _ = tracked
            return 0
          }
        ],
        getter: { _, _ in
          _ = tracked
          return 0
        })
    }
    XCTAssertEqual(counter.count, 0)
    state = nil
    XCTAssertEqual(counter.count, 1)
  }
}
