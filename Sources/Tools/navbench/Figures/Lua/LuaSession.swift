// A Lua state with a launched counter, holding the Lua loops the Lua figures time.

import CLua
@testable import CaseStudies
import LuaBridge
import NavScript

/// A Lua state with `navd` and a launched counter, and the benchmark loops as globals.
final class LuaSession {
  let lua = LuaState()
  let host = ScriptHost(features: [
    ScriptFeature(
      name: "counter", summary: "A number.", initialState: { Counter.State() },
      reducer: { Counter() })
  ])

  init() {
    host.install(in: lua)
    lua_pushcclosure(lua.pointer, { _ in 0 }, 0)
    lua.stack.setGlobal("noop_c")
    do {
      try lua.run(
        """
        app = navd.launch("counter")
        bare = navd.launch("counter", { history = 0 })
        local function sends(handle, n)
          local before = handle.version
          for i = 1, n do handle:send("incrementButtonTapped") end
          local moved = handle.version - before
          if moved ~= n then error(n .. " sends moved the version by " .. moved) end
          return handle.version
        end
        function send(n) return sends(app, n) end
        function send_bare(n) return sends(bare, n) end
        function noop(n)
          local f = _G.noop_c
          for i = 1, n do f(app, "incrementButtonTapped") end
          return n
        end
        function launch(n)
          local total = 0
          for i = 1, n do
            local a = navd.launch("counter")
            a:send("incrementButtonTapped")
            total = total + a.version
          end
          return total
        end
        function read(n)
          local total = 0
          for i = 1, n do total = total + app.state.count end
          return total
        end
        """, name: "navbench")
    } catch {
      fatalError("navbench: the Lua benchmark script failed: \(error)")
    }
  }

  /// Calls the global Lua function `name` with the iteration count.
  func operation(_ name: String, label: String) -> BenchOperation {
    BenchOperation(label: label) { [self] n in
      let stack = lua.stack
      stack.pushGlobal(name)
      stack.push(n)
      do {
        try stack.call(arguments: 1, results: 1)
      } catch {
        fatalError("navbench: \(name) failed: \(error)")
      }
      defer { stack.pop() }
      return stack.integer(at: -1) ?? 0
    }
  }
}
