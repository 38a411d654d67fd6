// Tapping Screen A's "plus" through NavigationDemoView, three screens deep, against the send.

@testable import CaseStudies
@testable import CaseStudyViews
import Composable
import HeadlessUICore

extension ScreenBenchmark {
  /// Taps "plus" on the Screen A at the top of a stack of Screens A, B and A, through
  /// `NavigationDemoView`, against sending the action the tap sends.
  ///
  /// The action starts no effect, so neither side runs beside a backlog of the other's.
  static func tapFigure(settings: MeasureSettings, including: (String) -> Bool) -> Figure? {
    guard including(tapFigureName) else { return nil }
    let ids = StackElementIDGenerator()
    let store = Store(
      initialState: NavigationDemo.State(path: [.screenA(), .screenB(), .screenA()])
    ) {
      NavigationDemo()
    } withDependencies: {
      $0.stackElementID = ids
    }
    precondition(store.state.path.count == 3, "the stack must hold three screens")
    let top = store.state.path.ids[2]
    let driver = ScreenDriver(
      state: { store.state }, send: { store.send($0) },
      nextStackElementID: { preconditionFailure("the figure's taps push nothing") },
      view: { NavigationDemoView(store: $0)._render() })
    let count: () -> Int = {
      guard case .screenA(let screen) = store.state.path[id: top] else {
        preconditionFailure("Screen A left the top of the stack")
      }
      return screen.count
    }
    let plus = ControlQuery(label: "plus")
    let tapped = BenchOperation(label: "render, find, tap") { n in
      let before = count()
      for _ in 0..<n {
        do {
          try driver.tap(plus)
        } catch {
          preconditionFailure("\(error)")
        }
      }
      precondition(count() &- before == n, "every tap incremented the top Screen A")
      return count()
    }
    let action = NavigationDemo.Action.path(
      .element(id: top, action: .screenA(.incrementButtonTapped)))
    let sent = BenchOperation(label: "Store.send of the tap's action") { n in
      let before = count()
      for _ in 0..<n { store.send(action) }
      precondition(count() &- before == n, "every send incremented the top Screen A")
      return count()
    }
    return compare(
      tapFigureName, measured: tapped, floor: sent, goal: nil, settings: settings)
  }
}
