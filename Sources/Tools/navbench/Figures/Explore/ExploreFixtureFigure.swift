// Explore steps on the Roster fixture (row stores, steppers, an onAppear) against a tap on it.

import ComposableArchitecture
import HeadlessUICore
import NavScript

extension ExploreBenchmark {
  /// Explores the Roster fixture with 10 rows breadth first, `n` steps a batch, against tapping
  /// a row's button on its screen `n` times, both under a ViewHost as sessions render.
  static func fixtureStepsFigure(settings: MeasureSettings, including: (String) -> Bool)
    -> Figure?
  {
    guard including(fixtureStepsFigureName) else { return nil }
    let rows = IdentifiedArray(uniqueElements: (1...10).map { RosterRow.State(id: $0) })
    let feature = ScriptFeature(
      name: "roster", summary: "The benchmarks' list of row stores.",
      initialState: { Roster.State(rows: rows) }, reducer: { Roster() },
      view: { RosterView(store: $0)._render() })
    var options = ExploreOptions()
    options.seed = 7
    options.depth = 1_000
    let explored = BenchOperation(label: "explore steps") { n in
      options.steps = n
      do {
        let report = try Explorer(feature: feature, options: options).run()
        precondition(report.steps == n, "the walk took every step of its budget")
        precondition(report.findings.isEmpty, "the roster explores clean")
        return report.screens
      } catch {
        preconditionFailure("\(error)")
      }
    }
    let store = Store(initialState: Roster.State(rows: rows)) { Roster() }
    let driver = ScreenDriver(
      state: { store.state }, send: { store.send($0) },
      nextStackElementID: { preconditionFailure("the floor's taps push nothing") },
      view: { store in MainActorRendering.assumeIsolated { RosterView(store: store) }._render() },
      host: ViewHost(), sendLive: { store.send($0) }, settle: {})
    let bump = ControlQuery(label: "Bump 5")
    let tapped = BenchOperation(label: "screen tap (render, find, send), hosted") { n in
      for _ in 0..<n {
        do {
          try driver.tap(bump)
        } catch {
          preconditionFailure("\(error)")
        }
      }
      return store.state.rows[id: 5]?.bumps ?? 0
    }
    return compare(
      fixtureStepsFigureName, measured: explored, floor: tapped, goal: 3, settings: settings)
  }
}
