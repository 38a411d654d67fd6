// The app's screen: the library tab (the shelf at the root of a stack of details and reading
// sessions) and the goals tab.

import BookDetail
import BookList
import ComposableArchitecture
import Goals
import HeadlessUI
import ReadingSession

/// The app's root view.
public struct AppView: View {
  /// The app's store.
  @Bindable public var store: StoreOf<AppFeature>

  /// The root view over `store`.
  public init(store: StoreOf<AppFeature>) { self.store = store }

  /// What the screen shows.
  public var body: some View {
    TabView {
      NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
        BookListView(store: store.scope(state: \.list, action: \.list))
      } destination: { store in
        switch store.case {
        case .detail(let store):
          BookDetailView(store: store)
        case .session(let store):
          ReadingSessionView(store: store)
        }
      }
      .tabItem { Label("Library", systemImage: "books.vertical") }

      GoalsView(store: store.scope(state: \.goals, action: \.goals))
        .tabItem { Label("Goals", systemImage: "target") }
    }
  }
}

#Preview("App") {
  AppView(store: Store(initialState: AppFeature.State()) { AppFeature() })
}
