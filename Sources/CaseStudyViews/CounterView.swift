// The seeds' `CounterView`, headless.

@testable import CaseStudies
import Composable
import HeadlessUI

/// A counter: minus, the count, plus.
public struct CounterView: View {
  let store: StoreOf<Counter>

  /// The view of `store`.
  public init(store: StoreOf<Counter>) { self.store = store }

  /// The controls.
  public var body: some View {
    WithViewStore(store, observe: { $0 }) { viewStore in
      HStack {
        Button {
          viewStore.send(.decrementButtonTapped)
        } label: {
          Image(systemName: "minus")
        }
        Text("\(viewStore.count)")
        Button {
          viewStore.send(.incrementButtonTapped)
        } label: {
          Image(systemName: "plus")
        }
      }
    }
  }
}
