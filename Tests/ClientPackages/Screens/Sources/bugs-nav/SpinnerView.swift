// The spinner's view.

import ComposableArchitecture
import HeadlessUI

struct SpinnerView: View {
  let store: StoreOf<Spinner>

  var body: some View {
    VStack {
      Text("\(store.turns) turns")
      Button("Turn") { store.send(.turnButtonTapped) }
      Button("Spin forever") { store.send(.spinForeverButtonTapped) }
    }
    .navigationTitle("Spinner")
  }
}
