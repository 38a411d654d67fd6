// The Lua figures: app:send and app.state.count against a Lua→C no-op and Swift's Store.send.

@testable import CaseStudies
import Composable

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
  /// The name of the `send` figure on a store launched without a history, against `Store.send`:
  /// the Lua layer's own cost, without the history every launched store keeps by default.
  static let bareSendVersusSwiftFigureName = "Lua app:send, history 0, vs Swift Store.send"
  /// The name of the launch figure: a store launched from Lua and sent one action.
  static let launchFigureName = "Lua navd.launch + one app:send vs Swift Store + send"
  /// The throughput goal for Lua sends, per second.
  static let throughputGoal = 500_000.0
  /// The goal for a launch and one send, in nanoseconds.
  static let launchGoalNanoseconds = 20_000.0

  static func figures(settings: MeasureSettings, including: (String) -> Bool) -> [Figure] {
    let names = [
      sendFigureName, sendVersusSwiftFigureName, bareSendVersusSwiftFigureName, launchFigureName,
      "Lua read app.state.count",
    ]
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
    let store = Store(initialState: Counter.State()) { Counter() }
    let swiftSend = BenchOperation(label: "Swift Store.send") { n in
      let before = store.state.count
      for _ in 0..<n { send(.incrementButtonTapped, to: store) }
      precondition(store.state.count &- before == n, "Store.send lost an increment")
      return store.state.count
    }
    if including(sendVersusSwiftFigureName) {
      figures.append(
        compare(
          sendVersusSwiftFigureName, measured: bench.operation("send", label: "app:send"),
          floor: swiftSend, goal: 1.5, settings: settings))
    }
    if including(bareSendVersusSwiftFigureName) {
      figures.append(
        compare(
          bareSendVersusSwiftFigureName,
          measured: bench.operation("send_bare", label: "app:send, history 0"),
          floor: swiftSend, goal: nil, settings: settings))
    }
    if including(launchFigureName) {
      let swiftLaunch = BenchOperation(label: "Swift Store(initialState:) + send") { n in
        var total = 0
        for _ in 0..<n {
          let store = Store(initialState: Counter.State()) { Counter() }
          send(.incrementButtonTapped, to: store)
          total &+= store.state.count
        }
        return total
      }
      figures.append(
        compare(
          launchFigureName, measured: bench.operation("launch", label: "navd.launch + app:send"),
          floor: swiftLaunch, goal: nil, settings: settings))
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
