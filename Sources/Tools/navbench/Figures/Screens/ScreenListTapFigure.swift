// Tapping a row's button in a list of 100 row stores, rendered under a ViewHost (view identity,
// view state and lifecycle, as a session renders), against the send alone.

import ComposableArchitecture
import HeadlessUICore

extension ScreenBenchmark {
  /// Taps "Bump 50" in a list of 100 row stores, the view rendered under a `ViewHost` as a
  /// session renders it, against sending the action the tap sends.
  static func listTapFigure(settings: MeasureSettings, including: (String) -> Bool) -> Figure? {
    guard including(listTapFigureName) else { return nil }
    let store = Store(
      initialState: Roster.State(
        rows: IdentifiedArray(
          uniqueElements: (1...100).map {
            RosterRow.State(id: $0)
          }))
    ) {
      Roster()
    }
    let driver = ScreenDriver(
      state: { store.state }, send: { store.send($0) },
      nextStackElementID: { preconditionFailure("the figure's taps push nothing") },
      view: { store in MainActorRendering.assumeIsolated { RosterView(store: store) }._render() },
      host: ViewHost(), sendLive: { store.send($0) }, settle: {})
    let bumps: () -> Int = { store.state.rows[id: 50]?.bumps ?? 0 }
    let bump = ControlQuery(label: "Bump 50")
    let tapped = BenchOperation(label: "render 100 rows, find, tap") { n in
      let before = bumps()
      for _ in 0..<n {
        do {
          try driver.tap(bump)
        } catch {
          preconditionFailure("\(error)")
        }
      }
      precondition(bumps() &- before == n, "every tap bumped row 50")
      return bumps()
    }
    let action = Roster.Action.rows(.element(id: 50, action: .bumpButtonTapped))
    let sent = BenchOperation(label: "Store.send of the tap's action") { n in
      let before = bumps()
      for _ in 0..<n { store.send(action) }
      precondition(bumps() &- before == n, "every send bumped row 50")
      return bumps()
    }
    return compare(
      listTapFigureName, measured: tapped, floor: sent, goal: nil, settings: settings)
  }
}
