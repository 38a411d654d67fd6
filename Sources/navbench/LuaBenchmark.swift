import CLua
import CaseStudies
import Composable
import LuaBridge
import NavScript

// Lua's side of a session: `app:send` of a leaf action and `app.state.count` from a script,
// against a Lua→C call that does nothing (the cheapest thing a script can ask of the host) and
// against the same `Store.send` from Swift.
//
// Every batch runs as one Lua loop (`for i = 1, n do app:send(...) end`), so each side pays the
// same loop and call overhead per operation; the store's version must move by exactly n.

enum LuaBenchmark {
  /// The name of the `send` figure against the no-op floor.
  static let sendFigureName = "Lua app:send (Counter leaf action)"
  /// The name of the `send` figure against `Store.send` from Swift.
  static let sendVersusSwiftFigureName = "Lua app:send vs Swift Store.send"
  /// The throughput goal for Lua sends, per second.
  static let throughputGoal = 500_000.0

  static func figures(settings: MeasureSettings, including: (String) -> Bool) -> [Figure] {
    let names = [sendFigureName, sendVersusSwiftFigureName, "Lua read app.state.count"]
    guard names.contains(where: including) else { return [] }
    let bench = LuaSession()
    var figures: [Figure] = []
    if including(sendFigureName) {
      figures.append(
        compare(
          sendFigureName, measured: bench.operation("send", label: "app:send"),
          floor: bench.operation("noop", label: "Lua→C no-op call"), goal: nil,
          settings: settings))
    }
    if including(sendVersusSwiftFigureName) {
      let store = Store(initialState: Counter.State()) { Counter() }
      let swiftSend = BenchOperation(label: "Swift Store.send") { n in
        let before = store.state.count
        for _ in 0..<n { send(.incrementButtonTapped, to: store) }
        precondition(store.state.count &- before == n, "Store.send lost an increment")
        return store.state.count
      }
      figures.append(
        compare(
          sendVersusSwiftFigureName, measured: bench.operation("send", label: "app:send"),
          floor: swiftSend, goal: 3, settings: settings))
    }
    if including("Lua read app.state.count") {
      figures.append(
        compare(
          "Lua read app.state.count", measured: bench.operation("read", label: "app.state.count"),
          floor: bench.operation("noop", label: "Lua→C no-op call"), goal: nil,
          settings: settings))
    }
    return figures
  }
}

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
        function send(n)
          local before = app.version
          for i = 1, n do app:send("incrementButtonTapped") end
          local moved = app.version - before
          if moved ~= n then error(n .. " sends moved the version by " .. moved) end
          return app.version
        end
        function noop(n)
          local f = _G.noop_c
          for i = 1, n do f(app, "incrementButtonTapped") end
          return n
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
