// Tapping "Start timer"/"Stop timer" on Screen C through its headless view, against the sends.

@testable import CaseStudies
@testable import CaseStudyViews
import Composable
import HeadlessUI

extension ScreenBenchmark {
  /// Taps Screen C's timer button, whichever it shows, through `NavigationDemoView` on a store
  /// whose stack holds Screens A, B and C; the floor sends the action the tap sends.
  static func tapFigure(settings: MeasureSettings, including: (String) -> Bool) -> Figure? {
    guard including(tapFigureName) else { return nil }
    let store = Store(initialState: NavigationDemo.State()) { NavigationDemo() }
    store.send(.goToABCButtonTapped)
    precondition(store.state.path.count == 3, "the stack must hold three screens")
    let top = store.state.path.ids[2]
    let driver = ScreenDriver(
      state: { store.state }, send: { store.send($0) },
      nextStackElementID: { preconditionFailure("the figure's taps push nothing") },
      view: { NavigationDemoView(store: $0)._render() })
    let isRunning: () -> Bool = {
      guard case .screenC(let screen) = store.state.path[id: top] else {
        preconditionFailure("Screen C left the top of the stack")
      }
      return screen.isTimerRunning
    }
    let tapped = BenchOperation(label: "render, find, tap") { n in
      let before = store.version
      for _ in 0..<n {
        // As a person would: look at the screen, then tap the timer button it shows.
        let tree = driver.tree()
        let stop = tree.tappable.contains { $0.label == "Stop timer" }
        do {
          driver.perform(try tree.tap(ControlQuery(label: stop ? "Stop timer" : "Start timer")))
        } catch {
          preconditionFailure("\(error)")
        }
      }
      precondition(store.version &- before >= UInt64(n), "every tap changed the state")
      return Int(truncatingIfNeeded: store.version)
    }
    let sent = BenchOperation(label: "Store.send of the tap's action") { n in
      let before = store.version
      for _ in 0..<n {
        let action: ScreenC.Action = isRunning() ? .stopButtonTapped : .startButtonTapped
        store.send(.path(.element(id: top, action: .screenC(action))))
      }
      precondition(store.version &- before >= UInt64(n), "every send changed the state")
      return Int(truncatingIfNeeded: store.version)
    }
    defer { store.cancelAllEffects() }
    return compare(
      tapFigureName, measured: tapped, floor: sent, goal: nil, settings: settings)
  }
}
