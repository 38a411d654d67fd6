import LuaBridge
import NavValue
import XCTest

final class LuaStackTests: XCTestCase {
  // MARK: - Helpers

  /// Pushes `value`, reads it back and pops it, checking the stack grows by exactly one.
  private func roundTrip(
    _ value: DataValue, in state: LuaState, file: StaticString = #filePath, line: UInt = #line
  ) throws -> DataValue {
    let stack = state.stack
    let base = stack.top
    stack.push(value)
    XCTAssertEqual(stack.top, base + 1, "push adds one value", file: file, line: line)
    let read = try stack.value(at: -1)
    XCTAssertEqual(stack.top, base + 1, "value(at:) is balanced", file: file, line: line)
    stack.pop()
    XCTAssertEqual(stack.top, base, file: file, line: line)
    return read
  }

  /// Runs `source` that sets the global `t`, pushes it and reads it, expecting an error.
  private func readError(
    of source: String, in state: LuaState, file: StaticString = #filePath, line: UInt = #line
  ) throws -> String? {
    try state.run(source)
    let base = state.stack.top
    state.stack.pushGlobal("t")
    defer { state.stack.pop() }
    do {
      let value = try state.stack.value(at: -1)
      XCTFail("expected an error, read \(value)", file: file, line: line)
      return nil
    } catch {
      XCTAssertEqual(
        state.stack.top, base + 1, "a failing read is balanced", file: file, line: line)
      return error.message
    }
  }

  // MARK: - Scalars

  func testNilRoundTripsAndIsNil() throws {
    let state = LuaState()
    XCTAssertEqual(try roundTrip(.null, in: state), .null)
    state.stack.pushNil()
    XCTAssertTrue(state.stack.isNil(at: -1))
    XCTAssertEqual(state.stack.typeName(at: -1), "nil")
    XCTAssertTrue(state.stack.isNil(at: 5), "an absent index is nil")
    XCTAssertEqual(state.stack.typeName(at: 5), "no value")
    XCTAssertEqual(try state.stack.value(at: 5), .null)
    state.stack.pop()
    XCTAssertEqual(state.stack.top, 0)
  }

  func testBooleansRoundTrip() throws {
    let state = LuaState()
    XCTAssertEqual(try roundTrip(true, in: state), .bool(true))
    XCTAssertEqual(try roundTrip(false, in: state), .bool(false))
    state.stack.push(false)
    XCTAssertEqual(state.stack.boolean(at: -1), false)
    XCTAssertFalse(state.stack.isNil(at: -1), "false is not nil")
    state.stack.pop()
    XCTAssertEqual(
      try state.run("return true, false, not nil"), [.bool(true), .bool(false), true])
  }

  func testIntegersRoundTripIncludingExtremes() throws {
    let state = LuaState()
    for integer in [0, 1, -1, 42, Int.max, Int.min, Int.max - 1, Int.min + 1] {
      XCTAssertEqual(try roundTrip(.integer(integer), in: state), .integer(integer))
      state.stack.push(integer)
      XCTAssertEqual(state.stack.integer(at: -1), integer)
      XCTAssertEqual(state.stack.typeName(at: -1), "number")
      state.stack.pop()
    }
    XCTAssertEqual(
      try state.run("return math.maxinteger, math.mininteger, math.type(x)"),
      [.integer(Int.max), .integer(Int.min), .null])
    state.stack.push(Int.max)
    state.stack.setGlobal("big")
    XCTAssertEqual(
      try state.run("return big == math.maxinteger, math.type(big)"), [true, "integer"])
  }

  func testFloatsRoundTripIncludingInfinityAndNaN() throws {
    let state = LuaState()
    for number in [0.5, -2.25, 1e308, -1e-300, Double.infinity, -Double.infinity, 3.0] {
      XCTAssertEqual(try roundTrip(.number(number), in: state), .number(number))
    }
    guard case .number(let nan) = try roundTrip(.number(.nan), in: state) else {
      return XCTFail("NaN did not come back as a float")
    }
    XCTAssertTrue(nan.isNaN)
    XCTAssertEqual(
      try state.run("return 3.0, 3, 2^53, math.huge, -math.huge"),
      [
        .number(3), .integer(3), .number(9_007_199_254_740_992), .number(.infinity),
        .number(-.infinity),
      ]
    )
    guard case .number(let luaNaN) = try state.run("return 0/0")[0] else {
      return XCTFail("0/0 is not a float")
    }
    XCTAssertTrue(luaNaN.isNaN)
    state.stack.push(Double.nan)
    state.stack.setGlobal("n")
    XCTAssertEqual(try state.run("return n ~= n, math.type(n)"), [true, "float"])
  }

  func testTypedReadersDoNotConvert() throws {
    let state = LuaState()
    let stack = state.stack
    try state.run("a, b, c, d = 3.0, 2.5, '3', 7")
    for name in ["a", "b", "c", "d"] { stack.pushGlobal(name) }
    XCTAssertEqual(stack.integer(at: 1), 3, "a float with an integral value is an integer")
    XCTAssertNil(stack.integer(at: 2))
    XCTAssertNil(stack.integer(at: 3), "strings are not converted")
    XCTAssertNil(stack.number(at: 3))
    XCTAssertEqual(stack.number(at: 4), 7)
    XCTAssertNil(stack.string(at: 4), "numbers are not converted")
    XCTAssertEqual(stack.string(at: 3), "3")
    XCTAssertNil(stack.boolean(at: 3))
    XCTAssertEqual(try stack.value(at: 1), .number(3))
    XCTAssertEqual(try stack.value(at: 4), .integer(7))
    XCTAssertEqual(stack.typeName(at: 3), "string")
    XCTAssertEqual(stack.top, 4, "readers leave the stack alone")
    XCTAssertEqual(try stack.value(at: 3), "3", "the number-like string stays a string")
    XCTAssertEqual(stack.typeName(at: 3), "string", "reading did not convert in place")
  }

  // MARK: - Strings

  func testStringsWithEmbeddedNULRoundTrip() throws {
    let state = LuaState()
    let text = "a\u{0}b\u{0}"
    XCTAssertEqual(try roundTrip(.string(text), in: state), .string(text))
    state.stack.push(text)
    state.stack.setGlobal("s")
    XCTAssertEqual(try state.run("return #s, s:byte(2), s:sub(3, 3)"), [4, 0, "b"])
    XCTAssertEqual(try state.run("return 'x\\0y'"), [.string("x\u{0}y")])
  }

  func testUTF8StringsRoundTrip() throws {
    let state = LuaState()
    let text = "héllo ✓ 🚀 日本"
    XCTAssertEqual(try roundTrip(.string(text), in: state), .string(text))
    XCTAssertEqual(try roundTrip("", in: state), "")
    state.stack.push(text)
    state.stack.setGlobal("s")
    XCTAssertEqual(
      try state.run("return #s, utf8.len(s)"),
      [.integer(text.utf8.count), .integer(text.unicodeScalars.count)])
    XCTAssertEqual(try state.run("return 'caf\\u{E9} \\u{1F680}'"), ["café 🚀"])
    XCTAssertEqual(
      try state.run("return 'a\\xffb'"), ["a\u{FFFD}b"], "invalid UTF-8 reads with replacements")
  }

  // MARK: - Tables

  func testNestedTablesRoundTrip() throws {
    let state = LuaState()
    let value: DataValue = [
      "name": "Blob",
      "count": 3,
      "ratio": 0.5,
      "flags": [true, false, true],
      "user": ["id": 7, "tags": ["a", "b"], "address": ["city": "Zürich"]],
      "matrix": [[1, 2], [3, 4], [:]],  // an empty table reads back as an object
    ]
    XCTAssertEqual(try roundTrip(value, in: state), value)
    state.stack.push(value)
    state.stack.setGlobal("t")
    XCTAssertEqual(
      try state.run("return t.user.address.city, t.matrix[2][1], #t.flags, #t.matrix[3], t.ratio"),
      ["Zürich", 3, 3, 0, 0.5])
  }

  func testDeeplyNestedTablesRoundTrip() throws {
    let state = LuaState()
    var value: DataValue = "bottom"
    for depth in 0..<300 {
      value = depth.isMultiple(of: 2) ? ["next": value] : [value]
    }
    XCTAssertEqual(try roundTrip(value, in: state), value)
  }

  func testLuaTablesReadAsArraysAndObjects() throws {
    let state = LuaState()
    XCTAssertEqual(
      try state.run("return { name = 'x', n = 2, nested = { 1, { z = true } } }"),
      [["name": "x", "n": 2, "nested": [1, ["z": true]]]])
    XCTAssertEqual(try state.run("return { 'a', 'b' }"), [["a", "b"]])
    XCTAssertEqual(try state.run("return {}"), [.emptyObject])
  }

  /// A table with a sequence and other keys is an object: its positions become fields named by
  /// their number, so nothing in it is lost.
  func testMixedTableIsAnObjectWithPositionsAsFields() throws {
    let state = LuaState()
    XCTAssertEqual(
      try state.run("return { 'a', 'b', name = 'x' }"), [["1": "a", "2": "b", "name": "x"]])
  }

  func testSequenceWithHolesIsAnObject() throws {
    let state = LuaState()
    let result = try state.run(
      """
      local t = {}
      t[1] = 'a'; t[2] = 'b'; t[5] = 'e'; t[100] = 'far'
      return t
      """)
    XCTAssertEqual(result, [["1": "a", "2": "b", "5": "e", "100": "far"]])
  }

  func testNumberAndBooleanKeysAreNamedByTheirText() throws {
    let state = LuaState()
    let result = try state.run(
      """
      return { 'first', x = 1, [0] = 'zero', [-1] = 'minus', [1.5] = 'float',
               [true] = 'yes', [false] = 'no' }
      """)
    XCTAssertEqual(
      result,
      [
        [
          "1": "first", "x": 1, "0": "zero", "-1": "minus", "1.5": "float", "true": "yes",
          "false": "no",
        ]
      ])
  }

  func testTableKeyIsAnErrorThatSaysWhere() {
    let state = LuaState()
    XCTAssertThrowsError(try state.run("return { inner = { [{ 1, 2 }] = 'pair' } }")) { error in
      XCTAssertTrue(
        "\(error)".contains("value.inner has a table as a key"), "got \(error)")
    }
  }

  func testKeysNamingTheSameFieldAreAnError() {
    let state = LuaState()
    XCTAssertThrowsError(try state.run("return { [1] = 'a', ['1'] = 'b', x = 1 }")) { error in
      XCTAssertTrue("\(error)".contains("two keys named 1"), "got \(error)")
    }
  }

  func testPushingArraysAndObjectsSkippingNils() throws {
    let state = LuaState()
    state.stack.push(["list": ["one", "two"], "kept": 1, "dropped": .null] as DataValue)
    state.stack.setGlobal("t")
    XCTAssertEqual(
      try state.run(
        """
        local count = 0
        for _ in pairs(t) do count = count + 1 end
        return t.list[1], t.list[2], #t.list, t.kept, t.dropped, count
        """),
      ["one", "two", 2, 1, .null, 2])
    XCTAssertEqual(try state.run("return t"), [["list": ["one", "two"], "kept": 1]])
  }

  func testSharedSubtableIsNotACycle() throws {
    let state = LuaState()
    XCTAssertEqual(
      try state.run("local s = { 1 } return { a = s, b = s, list = { s, s } }"),
      [["a": [1], "b": [1], "list": [[1], [1]]]])
  }

  // MARK: - Errors

  func testCycleIsAnErrorNamingThePath() throws {
    let state = LuaState()
    XCTAssertEqual(
      try readError(of: "t = {} t.child = { back = t }", in: state),
      "value.child.back contains itself (a cycle), which has no value in data")
    XCTAssertEqual(
      try readError(of: "t = { 1 } t[2] = t", in: state),
      "value[2] contains itself (a cycle), which has no value in data")
    XCTAssertEqual(
      try readError(of: "t = {} t.self = t", in: state),
      "value.self contains itself (a cycle), which has no value in data")
    XCTAssertEqual(state.stack.top, 0)
  }

  func testFunctionsUserdataAndThreadsAreErrorsNamingThePath() throws {
    let state = LuaState()
    XCTAssertEqual(
      try readError(of: "t = { handlers = { onTap = function() end } }", in: state),
      "value.handlers.onTap is a function, which has no value in data")
    XCTAssertEqual(
      try readError(of: "t = { 1, 2, print }", in: state),
      "value[3] is a function, which has no value in data")
    XCTAssertEqual(
      try readError(of: "t = { out = io.stdout }", in: state),
      "value.out is a userdata, which has no value in data")
    XCTAssertEqual(
      try readError(of: "t = { list = { { co = coroutine.create(print) } } }", in: state),
      "value.list[1].co is a thread, which has no value in data")
    XCTAssertEqual(
      try readError(of: "t = { [print] = true }", in: state),
      "a key of value is a function, which has no value in data")
    XCTAssertEqual(
      try readError(of: "t = print", in: state), "value is a function, which has no value in data")
    XCTAssertEqual(state.stack.top, 0)
  }

  func testRunReportsUnreadableResultsAndStaysBalanced() throws {
    let state = LuaState()
    state.stack.push("sentinel")
    XCTAssertThrowsError(try state.run("return 1, function() end")) { error in
      XCTAssertEqual(
        (error as? LuaError)?.message, "value is a function, which has no value in data")
    }
    XCTAssertThrowsError(try state.run("local t = {} t[1] = t return t")) { error in
      XCTAssertEqual(
        (error as? LuaError)?.message,
        "value[1] contains itself (a cycle), which has no value in data")
    }
    XCTAssertEqual(state.stack.top, 1)
    XCTAssertEqual(state.stack.string(at: 1), "sentinel")
  }

  func testVeryDeepLuaTableIsAnErrorNotACrash() {
    // Reading recurses once per level on the Swift stack: a script can build a table deep enough
    // to overflow it (SIGSEGV) long before Lua's own stack limit turns it into an error.
    let state = LuaState()
    XCTAssertThrowsError(try state.run("local t = {} for i = 1, 200000 do t = { t } end return t"))
    { error in
      XCTAssertTrue(
        (error as? LuaError)?.message.hasSuffix("is nested more than 500 tables deep") == true,
        "\(error)")
    }
    XCTAssertEqual(state.stack.top, 0)
  }

  // MARK: - Stack operations

  func testEveryBridgeCallKeepsTheStackBalanced() throws {
    let state = LuaState()
    let stack = state.stack
    stack.push("sentinel")
    XCTAssertEqual(stack.top, 1)

    stack.pushNewTable(arrayCount: 2, fieldCount: 2)
    XCTAssertEqual(stack.top, 2)
    stack.push(5)
    stack.setField("five", ofTableAt: -2)
    XCTAssertEqual(stack.top, 2)
    stack.pushRawField("five", ofTableAt: -1)
    XCTAssertEqual(stack.top, 3)
    XCTAssertEqual(stack.integer(at: -1), 5)
    stack.pop()
    stack.pushCopy(of: -1)
    XCTAssertEqual(stack.top, 3)
    stack.setGlobal("t")
    XCTAssertEqual(stack.top, 2)
    stack.pop()
    stack.pushGlobal("t")
    XCTAssertEqual(try stack.value(at: -1), ["five": 5])
    XCTAssertEqual(stack.top, 2)
    stack.pop()

    XCTAssertEqual(try state.run("return 1, 2, 3"), [1, 2, 3])
    XCTAssertEqual(stack.top, 1)
    XCTAssertThrowsError(try state.run("error('boom')"))
    XCTAssertEqual(stack.top, 1)
    XCTAssertThrowsError(try state.run("this is not Lua"))
    XCTAssertEqual(stack.top, 1)
    XCTAssertThrowsError(try state.load("((", name: "bad"))
    XCTAssertEqual(stack.top, 1)
    try state.load("return ...", name: "good")
    XCTAssertEqual(stack.top, 2)
    stack.push(9)
    try state.call(arguments: 1, results: 1)
    XCTAssertEqual(stack.top, 2)
    XCTAssertEqual(stack.integer(at: -1), 9)
    stack.pop()
    try state.load("error('x')", name: "failing")
    stack.push(1)
    stack.push(2)
    XCTAssertThrowsError(try state.call(arguments: 2, results: 3))
    XCTAssertEqual(stack.top, 1, "a failed call pops the function and its arguments")
    XCTAssertEqual(stack.string(at: 1), "sentinel")
  }

  func testCallAndLocationFromInsideASwiftFunction() throws {
    let state = LuaState()
    state.register("twice") { stack in
      let location = stack.location()
      stack.pushCopy(of: 1)
      try stack.call(arguments: 0, results: 1)
      stack.pushCopy(of: 1)
      try stack.call(arguments: 0, results: 1)
      stack.push(location)
      return 3
    }
    XCTAssertEqual(
      try state.run(
        "local n = 0\nreturn twice(function() n = n + 1 return n end)", name: "loc.lua"),
      [1, 2, "loc.lua:2: "], "Lua's own form, ready to prefix a message")
    let failing = try state.run(
      "return pcall(twice, function() error('inside', 0) end)", name: "fail.lua")
    XCTAssertEqual(failing.first, false)
    guard case .string(let message) = failing.last else { return XCTFail("\(failing)") }
    XCTAssertTrue(message.hasPrefix("inside\nstack traceback:\n"), message)
    XCTAssertEqual(state.stack.top, 0)
    state.stack.push("sentinel")
    XCTAssertEqual(state.stack.location(level: 1), "", "no Lua code is running")
    XCTAssertEqual(state.stack.top, 1)
  }

  func testTopSetterPopAndAbsolute() {
    let state = LuaState()
    let stack = state.stack
    for number in 1...5 { stack.push(number) }
    XCTAssertEqual(stack.absolute(-1), 5)
    XCTAssertEqual(stack.absolute(-5), 1)
    stack.pop(2)
    XCTAssertEqual(stack.top, 3)
    XCTAssertEqual(stack.integer(at: -1), 3)
    stack.top = 1
    XCTAssertEqual(stack.top, 1)
    XCTAssertEqual(stack.integer(at: -1), 1)
    stack.top = 3
    XCTAssertTrue(stack.isNil(at: 3), "growing the top fills with nil")
    XCTAssertTrue(stack.ensure(1000))
    stack.top = 0
    XCTAssertEqual(stack.top, 0)
  }

  func testPushRawFieldIgnoresMetamethods() throws {
    let state = LuaState()
    try state.run("t = setmetatable({ own = 1 }, { __index = function() return 'meta' end })")
    state.stack.pushGlobal("t")
    state.stack.pushRawField("own", ofTableAt: -1)
    state.stack.pushRawField("missing", ofTableAt: -2)
    XCTAssertEqual(state.stack.integer(at: -2), 1)
    XCTAssertTrue(state.stack.isNil(at: -1))
    XCTAssertEqual(try state.run("return t.missing"), ["meta"])
    state.stack.pop(3)
    XCTAssertEqual(state.stack.top, 0)
  }

  func testIsFunctionAndIsTable() throws {
    let state = LuaState()
    try state.run("f = print t = {}")
    state.stack.pushGlobal("f")
    state.stack.pushGlobal("t")
    XCTAssertTrue(state.stack.isFunction(at: 1))
    XCTAssertFalse(state.stack.isTable(at: 1))
    XCTAssertTrue(state.stack.isTable(at: 2))
    XCTAssertFalse(state.stack.isFunction(at: 2))
    XCTAssertEqual(state.stack.typeName(at: 1), "function")
    XCTAssertEqual(state.stack.typeName(at: 2), "table")
  }
}
