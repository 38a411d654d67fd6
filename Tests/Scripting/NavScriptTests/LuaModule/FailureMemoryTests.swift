// Memory when scripts fail: failed sends, awaits and test-store sends free what they made.

import Composable
import LuaBridge
import NavScript
import XCTest

@testable import CaseStudies

final class FailureMemoryTests: XCTestCase {
  func testFailingSendsDoNotLeak() throws {
    let loop = """
      local app = navd.launch("counter")
      for i = 1, 2000 do
        local ok, err = pcall(app.send, app, "nope")
        assert(not ok and err:find("no case", 1, true))
        assert(not pcall(app.send, app, { incrementButtonTapped = 1 }))
        assert(not pcall(app.send, app, "destination.presented("))
      end
      """
    try assertMemoryStaysFlat(running: loop, times: 3)
  }

  func testFailingAwaitsDoNotLeak() throws {
    let loop = """
      local app = navd.launch("navigation")
      app:send("goToABCButtonTapped")
      for i = 1, 1000 do
        assert(not pcall(app.await, app, function(s) return #s.path == 9 end, 0))
        assert(not pcall(app.await, app, function(s) error({}) end))
      end
      """
    try assertMemoryStaysFlat(running: loop, times: 3)
  }

  func testFailingTestStoreSendsDoNotLeak() throws {
    let loop = """
      local t = navd.test_store("counter")
      t.exhaustive = false
      for i = 1, 500 do
        assert(not pcall(t.send, t, "nope"))
        assert(not pcall(t.send, t, "incrementButtonTapped", function(s) s.count = -1 end))
      end
      """
    try assertMemoryStaysFlat(running: loop, times: 2)
  }

  /// Runs `loop` once to warm up, then `times` more, each ending its scenario; asserts the Lua
  /// state holds no more than 64 KiB more than after the first run.
  private func assertMemoryStaysFlat(
    running loop: String, times: Int, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let harness = ScriptHarness()
    try harness.run(loop)
    _ = harness.host.finishScenario()
    harness.lua.collectGarbage()
    let baseline = harness.lua.memoryInUse
    for _ in 0..<times {
      try harness.run(loop)
      _ = harness.host.finishScenario()
    }
    harness.lua.collectGarbage()
    XCTAssertLessThan(
      harness.lua.memoryInUse, baseline + 64 * 1024, "Lua memory grew", file: file, line: line)
  }
}
