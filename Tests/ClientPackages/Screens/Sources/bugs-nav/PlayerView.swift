// The player's views: a Play button, and the sheet whose task runs the timer.

import ComposableArchitecture
import HeadlessUI

struct PlayerView: View {
  @Bindable var store: StoreOf<Player>

  var body: some View {
    VStack {
      Text("An episode")
      Button("Play") { store.send(.playButtonTapped) }
    }
    .navigationTitle("Player")
    .sheet(item: $store.scope(state: \.nowPlaying, action: \.nowPlaying)) { store in
      NowPlayingView(store: store)
    }
  }
}

struct NowPlayingView: View {
  let store: StoreOf<NowPlaying>

  var body: some View {
    VStack {
      Text("0:0\(store.seconds)")
      Button("Close") { store.send(.closeButtonTapped) }
    }
    .navigationTitle("Now Playing")
    .task { await store.send(.task).finish() }
  }
}
