// MultipleDestinations' presented sheet action, as Store.send against a direct reduce.

@testable import CaseStudies
import Composable

extension NavigationBenchmark {
  /// Sends `.destination(.presented(.sheet(.incrementButtonTapped)))` to a store presenting a
  /// counter in a sheet.
  static func presentedFigure(
    settings: MeasureSettings, including: (String) -> Bool
  ) -> Figure? {
    let name = "MultipleDestinations presented sheet action"
    guard including(name) else { return nil }
    let store = Store(
      initialState: MultipleDestinations.State(destination: .sheet(Counter.State()))
    ) {
      MultipleDestinations()
    }
    let action = MultipleDestinations.Action.destination(.presented(.sheet(.incrementButtonTapped)))
    let count: (MultipleDestinations.State) -> Int = { state in
      guard case .sheet(let counter) = state.destination else { return -1 }
      return counter.count
    }
    return compareStoreSend(
      name, store: store, reducer: MultipleDestinations(), action: action, count: count,
      goal: goal, settings: settings)
  }
}
