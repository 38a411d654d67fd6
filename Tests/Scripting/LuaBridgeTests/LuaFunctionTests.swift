import LuaBridge
import NavValue
import XCTest

/// Counts the deinits of the ``Tracked`` objects made with it.
final class DeinitCounter {
  var count = 0
}

/// An object that bumps its counter when it is deinitialized (used on the test's thread only).
final class Tracked: @unchecked Sendable {
  let counter: DeinitCounter
  init(_ counter: DeinitCounter) { self.counter = counter }
  deinit { counter.count += 1 }
}

/// An error that holds a tracked object, to see that thrown errors are released.
private struct TrackedError: Error, CustomStringConvertible {
  let tracked: Tracked
  var description: String { "tracked failure" }
}

private struct CodedError: Error {
  let code: Int
}

final class LuaFunctionTests: XCTestCase {
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

  // MARK: - Arguments and results

  func testArgumentsAndResults() throws {
    let state = LuaState()
    state.register("divmod") { stack in
      guard let a = stack.integer(at: 1), let b = stack.integer(at: 2) else {
        throw LuaError("divmod needs two integers")
      }
      stack.push(a / b)
      stack.push(a % b)
      return 2
    }
    state.register("count") { stack in
      stack.push(Int(stack.top))
      return 1
    }
    state.register("nothing") { _ in 0 }
    state.register("echo") { stack in
      let value = try stack.value(at: 1)
      stack.push(value)
      return 1
    }
    XCTAssertEqual(try state.run("return divmod(17, 5)"), [3, 2])
    XCTAssertEqual(try state.run("return count(), count(nil), count(1, 2, 3)"), [0, 1, 3])
    XCTAssertEqual(try state.run("return select('#', nothing())"), [0])
    XCTAssertEqual(
      try state.run("return echo({ 1, name = 'x', nested = { true } })"),
      [["1": 1, "name": "x", "nested": [true]]])
    XCTAssertEqual(state.stack.top, 0)
  }

  func testArgumentHelpers() throws {
    let state = LuaState()
    state.register("greet") { stack in
      let name = try stack.argument(1, as: String.self, function: "greet")
      let times = try stack.argument(2, as: Double.self, function: "greet")
      stack.push("hello \(name) x\(times)")
      return 1
    }
    XCTAssertEqual(try state.run("return greet('Blob', 2)"), ["hello Blob x2.0"])
    XCTAssertEqual(
      try state.run("return pcall(greet, 3)"),
      [false, "bad argument #1 to 'greet' (string expected, got number)"])
    XCTAssertEqual(
      try state.run("return pcall(greet, 'Blob')"),
      [false, "bad argument #2 to 'greet' (number expected, got no value)"])
    XCTAssertEqual(
      try state.run("return pcall(greet, 'Blob', '2')"),
      [false, "bad argument #2 to 'greet' (number expected, got string)"])
  }

  // MARK: - Errors

  func testThrownLuaErrorIsCatchableByPcall() throws {
    let state = LuaState()
    state.register("fail") { stack in
      throw LuaError("nope: \(stack.integer(at: 1) ?? -1)")
    }
    XCTAssertEqual(try state.run("return pcall(fail, 42)"), [false, "nope: 42"])
    XCTAssertEqual(
      try state.run("local ok, err = pcall(fail) return ok, err, type(err)"),
      [false, "nope: -1", "string"])
    let error = luaError { try state.run("fail(7)", name: "top.lua") }
    XCTAssertEqual(error.summary, "nope: 7")
    XCTAssertEqual(state.stack.top, 0)
  }

  func testOtherThrownErrorsAreDescribed() throws {
    let state = LuaState()
    state.register("coded") { _ in throw CodedError(code: 7) }
    XCTAssertEqual(try state.run("return pcall(coded)"), [false, "CodedError(code: 7)"])
  }

  func testErrorFromSwiftDeepInLuaCarriesATraceback() {
    let state = LuaState()
    state.register("fail") { _ in throw LuaError("deep trouble") }
    let error = luaError {
      try state.run(
        """
        local function inner() fail() end
        local function middle() inner() end
        function outer() middle() end
        outer()
        """, name: "deep.lua")
    }
    XCTAssertEqual(error.summary, "deep trouble")
    let traceback = error.message.dropFirst(error.summary.count)
    XCTAssertTrue(traceback.hasPrefix("\nstack traceback:\n"), error.message)
    XCTAssertTrue(traceback.contains("[C]: in function 'fail'"), error.message)
    for line in 1...4 {
      XCTAssertTrue(traceback.contains("deep.lua:\(line): in "), "line \(line): \(error.message)")
    }
  }

  func testLuaErrorInsideASwiftCallbackPropagates() throws {
    let state = LuaState()
    state.register("apply") { [unowned state] stack in
      guard stack.isFunction(at: 1) else { throw LuaError("apply needs a function") }
      stack.pushCopy(of: 1)
      stack.push(10)
      try state.call(arguments: 1, results: 1)
      return 1
    }
    XCTAssertEqual(try state.run("return apply(function(x) return x * 2 end)"), [20])
    let result = try state.run(
      "local ok, err = pcall(apply, function(x) error('inner ' .. x) end) return ok, err",
      name: "cb.lua")
    XCTAssertEqual(result.first, false)
    guard case .string(let message) = result.last else { return XCTFail("no message: \(result)") }
    XCTAssertTrue(message.hasPrefix("cb.lua:1: inner 10\nstack traceback:\n"), message)
    XCTAssertEqual(try state.run("return pcall(apply, 1)"), [false, "apply needs a function"])
    XCTAssertEqual(state.stack.top, 0)
  }

  // MARK: - Yielding

  func testYieldFromCoroutineWrap() throws {
    let state = LuaState()
    state.register("ask") { stack in
      stack.push("question")
      stack.push(stack.integer(at: 1) ?? 0)
      throw LuaYield(count: 2)
    }
    XCTAssertEqual(
      try state.run(
        """
        local co = coroutine.wrap(function(n)
          local answer, extra = ask(n)
          return 'got ' .. answer .. ' ' .. extra
        end)
        local question, number = co(41)
        local final = co('answer', 'more')
        return question, number, final
        """),
      ["question", 41, "got answer more"])
  }

  func testYieldFromCoroutineResume() throws {
    let state = LuaState()
    state.register("pause") { stack in
      stack.push("paused")
      throw LuaYield(count: 1)
    }
    XCTAssertEqual(
      try state.run(
        """
        local co = coroutine.create(function()
          local resumedWith = pause()
          pause()
          return 'done', resumedWith
        end)
        local ok1, a = coroutine.resume(co)
        local ok2, b = coroutine.resume(co, 'second')
        local status = coroutine.status(co)
        local ok3, c, d = coroutine.resume(co)
        return ok1, a, ok2, b, status, ok3, c, d, coroutine.status(co)
        """),
      [true, "paused", true, "paused", "suspended", true, "done", "second", "dead"])
  }

  func testYieldOutsideACoroutineIsAnError() {
    let state = LuaState()
    state.register("pause") { _ in throw LuaYield(count: 0) }
    XCTAssertEqual(
      luaError { try state.run("pause()") }.summary, "attempt to yield from outside a coroutine")
    XCTAssertEqual(state.stack.top, 0)
  }

  // MARK: - Lifetime

  func testFunctionIsReleasedWhenCollected() throws {
    let counter = DeinitCounter()
    let state = LuaState()
    do {
      let tracked = Tracked(counter)
      state.register("f") { stack in
        stack.push(tracked.counter.count)
        return 1
      }
    }
    XCTAssertEqual(try state.run("return f()"), [0])
    state.collectGarbage()
    XCTAssertEqual(counter.count, 0, "a function held by a global stays alive")
    try state.run("f = nil")
    state.collectGarbage()
    XCTAssertEqual(counter.count, 1)
  }

  func testReplacedFunctionIsReleased() throws {
    let counter = DeinitCounter()
    let state = LuaState()
    for _ in 0..<10 {
      let tracked = Tracked(counter)
      state.register("f") { _ in
        _ = tracked
        return 0
      }
    }
    state.collectGarbage()
    XCTAssertEqual(counter.count, 9)
  }

  func testPushedFunctionIsReleasedWhenPopped() {
    let counter = DeinitCounter()
    let state = LuaState()
    do {
      let tracked = Tracked(counter)
      state.stack.push(function: { _ in
        _ = tracked
        return 0
      })
    }
    XCTAssertTrue(state.stack.isFunction(at: -1))
    state.stack.pop()
    state.collectGarbage()
    XCTAssertEqual(counter.count, 1)
  }

  func testFunctionsAreReleasedWhenTheStateCloses() throws {
    let counter = DeinitCounter()
    var state: LuaState? = LuaState()
    do {
      let tracked = Tracked(counter)
      state?.register("f") { _ in
        _ = tracked
        return 0
      }
      state?.register(
        module: "m",
        functions: [
          "g": { _ in
            _ = tracked
            return 0
          }
        ])
      try state?.run("keep = { f, m.g }")
    }
    XCTAssertEqual(counter.count, 0)
    state = nil
    XCTAssertEqual(counter.count, 1)
  }

  // MARK: - No leaks under failure

  func testFailingCallsDoNotLeakLuaMemory() throws {
    let state = LuaState()
    state.register("fail") { _ in throw LuaError("always fails") }
    state.register("callback") { [unowned state] _ in
      try state.run("error('inner failure')", name: "inner.lua")
      return 0
    }
    state.register("decodeAction") { stack in
      let value = try stack.value(at: 1)
      do {
        _ = try ValueDecoder().decode(FixtureAction.self, from: value)
      } catch {
        throw LuaError(ValueDecoder.describe(error))
      }
      return 0
    }
    state.register("readCycle") { stack in
      _ = try stack.value(at: 1)
      return 0
    }
    let script = """
      local a, b = pcall(fail)
      local c, d = pcall(callback)
      local e, f = pcall(decodeAction, { fly = { speed = 3 } })
      local t = {} t.self = t
      local g, h = pcall(readCycle, t)
      assert(not a and not c and not e and not g)
      return b, f, h
      """
    let expected: [DataValue] = [
      "always fails", "no case \"fly\" in FixtureAction",
      "value.self contains itself (a cycle), which has no value in data",
    ]
    func failOnce() throws {
      XCTAssertEqual(try state.run(script), expected)
      _ = luaError { try state.run("fail()") }
      _ = luaError { try state.run("callback()") }
      _ = luaError { try state.run("local x = nil; x.y = 1") }
    }
    for _ in 0..<200 { try failOnce() }
    state.collectGarbage()
    state.collectGarbage()
    let before = state.memoryInUse
    for _ in 0..<3000 { try failOnce() }
    state.collectGarbage()
    state.collectGarbage()
    let growth = state.memoryInUse - before
    XCTAssertLessThan(growth, 64 * 1024, "Lua memory grew by \(growth) bytes")
    XCTAssertEqual(state.stack.top, 0)
  }

  func testThrownErrorsAndFailingBoxesAreReleased() throws {
    let errors = DeinitCounter()
    let boxes = DeinitCounter()
    let state = LuaState()
    state.register("failTracked") { _ in throw TrackedError(tracked: Tracked(errors)) }
    for round in 0..<2000 {
      let tracked = Tracked(boxes)
      state.stack.push(function: { _ in
        _ = tracked
        throw LuaError("box \(round) fails")
      })
      state.stack.setGlobal("temporary")
      XCTAssertEqual(
        try state.run(
          "local ok, err = pcall(temporary) temporary = nil return ok, err, pcall(failTracked)"),
        [false, .string("box \(round) fails"), false, "tracked failure"])
    }
    XCTAssertEqual(errors.count, 2000, "every thrown error was released")
    state.collectGarbage()
    XCTAssertEqual(boxes.count, 2000, "every dropped function was released")
  }
}

/// An action with one case, decoded by a Lua function that fails on anything else.
enum FixtureAction: Codable { case tapped }
