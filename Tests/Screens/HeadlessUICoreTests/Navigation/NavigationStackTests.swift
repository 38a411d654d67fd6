// TCA 1.7's stack: `NavigationStack(path: $store.scope(state: \.path, action: \.path))` with a
// `switch store.case` destination, pushed by `NavigationLink(state:)` and popped by back.

import ComposableArchitecture
import XCTest

@testable import HeadlessUICore

@Reducer
private struct Library {
  @ObservableState
  struct State: Equatable {
    var path = StackState<Path.State>()
  }
  enum Action {
    case path(StackActionOf<Path>)
  }
  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .forEach(\.path, action: \.path)
  }

  @Reducer
  enum Path {
    case book(Book)
  }
}

@Reducer
private struct Book {
  @ObservableState
  struct State: Equatable {
    var title = "Dune"
    var stars = 0
  }
  enum Action { case starTapped }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.stars += 1
      return .none
    }
  }
}

extension Library.Path.State: Equatable {}

private struct LibraryView: View {
  @Bindable var store: StoreOf<Library>

  var body: some View {
    NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
      List {
        NavigationLink(state: Library.Path.State.book(Book.State(title: "Emma"))) {
          Text("Open Emma")
        }
      }
      .navigationTitle("Library")
    } destination: { store in
      switch store.case {
      case .book(let store):
        BookView(store: store)
      }
    }
  }
}

private struct BookView: View {
  let store: StoreOf<Book>

  var body: some View {
    Text("\(store.stars) stars")
    Button("Star") { store.send(.starTapped) }
      .navigationTitle(store.title)
  }
}

final class NavigationStackTests: XCTestCase {
  func testALinkPushesAnElementWhoseViewComesFromTheCaseOfItsStore() throws {
    let ids = StackElementIDGenerator()
    let store = Store(initialState: Library.State()) {
      Library()
    } withDependencies: {
      $0.stackElementID = ids
    }
    let driver = ScreenDriver(
      state: { store.state }, send: { store.send($0) }, nextStackElementID: { ids() },
      view: { store in MainActorRendering.assumeIsolated { LibraryView(store: store) }._render() })
    XCTAssertEqual(driver.tree().frontmost.name, "stack root Library")
    try driver.tap(ControlQuery(label: "Open Emma"))
    XCTAssertEqual(store.state.path.count, 1)
    XCTAssertEqual(driver.tree().frontmost.name, "#0 Emma")
    try driver.tap(ControlQuery(label: "Star"))
    try driver.tree().see("1 stars")
    try driver.back()
    XCTAssertEqual(store.state.path.count, 0, "back popped the element")
    XCTAssertEqual(driver.tree().frontmost.name, "stack root Library")
  }
}
