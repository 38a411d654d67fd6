import Composable
import ComposableArchitecture
import Foundation
import Observation
import XCTest

@Reducer
private struct Stack {
  @ObservableState
  struct State: Equatable {
    var path = StackState<Screen.State>()
    var title = ""
  }
  enum Action {
    case path(StackActionOf<Screen>)
    case rename(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .rename(let title) = action { state.title = title }
      return .none
    }
    .forEach(\.path, action: \.path) { Screen() }
  }
}

@Reducer
private struct Screen {
  @ObservableState
  struct State: Equatable { var count = 0 }
  enum Action { case tapped }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

/// Reducers change a tracked property where it is stored (not through its getter and setter,
/// which copied a whole stack per change), and observers still hear of every change.
final class TrackedStorageTests: XCTestCase {
  func testTheStorageBehindTrackedProperties() {
    let storage = Stack.State._$storage(for: \Stack.State.path)
    XCTAssertNotNil(storage, "a tracked property has storage")
    XCTAssertNotNil(
      MemoryLayout<Stack.State>.offset(of: storage!), "the storage is a stored property")
    XCTAssertNil(MemoryLayout<Stack.State>.offset(of: \Stack.State.path), "the property is not")
    XCTAssertNil(Stack.State._$storage(for: \Stack.State.path[0]), "not a tracked property")
  }

  func testStackChangesThroughTheReducerReachObservers() {
    let store = Store(initialState: Stack.State()) { Stack() }
    let changes = Counter()
    func observePath() {
      withObservationTracking {
        _ = store.state.path
      } onChange: {
        changes.increment()
      }
    }
    observePath()
    store.send(.path(.push(id: 0, state: Screen.State())))
    XCTAssertEqual(changes.value, 1, "a push reached the observer of path")
    observePath()
    store.send(.path(.element(id: 0, action: .tapped)))
    XCTAssertEqual(changes.value, 2, "an element's change reached it")
    XCTAssertEqual(store.state.path[id: 0]?.count, 1)
    observePath()
    store.send(.rename("Stack"))
    XCTAssertEqual(changes.value, 2, "an action that leaves the stack alone does not")
  }
}

/// Counts from observation callbacks.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  var value: Int { lock.withLock { count } }
  func increment() { lock.withLock { count += 1 } }
}
