import Composable
import Synchronization
import XCTest

/// How many times each test reducer's body was built.
private let bodiesBuilt = Mutex<[String: Int]>([:])

private func countBuild(_ name: String) {
  bodiesBuilt.withLock { $0[name, default: 0] += 1 }
}

private func builds(_ name: String) -> Int { bodiesBuilt.withLock { $0[name, default: 0] } }

/// A reducer with no stored properties: its body is built once per type.
private struct Stateless: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case increment }
  var body: some ReducerOf<Self> {
    let _ = countBuild("Stateless")
    Reduce { state, _ in
      state.count += 1
      return .none
    }
  }
}

/// A reducer with a stored property: its body is built for every action, as in TCA.
private struct Configured: Reducer {
  let step: Int
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case increment }
  var body: some ReducerOf<Self> {
    let _ = countBuild("Configured")
    Reduce { state, _ in
      state.count += step
      return .none
    }
  }
}

final class BodyCacheTests: XCTestCase {
  func testAReducerWithoutStoredPropertiesBuildsItsBodyOnce() {
    let first = Store(initialState: Stateless.State()) { Stateless() }
    let second = Store(initialState: Stateless.State()) { Stateless() }
    for _ in 0..<5 {
      first.send(.increment)
      second.send(.increment)
    }
    XCTAssertEqual(first.state.count, 5)
    XCTAssertEqual(second.state.count, 5)
    XCTAssertLessThanOrEqual(builds("Stateless"), 1, "one body for the type, for every store")
  }

  func testAReducerWithStoredPropertiesBuildsItsBodyForEveryAction() {
    let twos = Store(initialState: Configured.State()) { Configured(step: 2) }
    let threes = Store(initialState: Configured.State()) { Configured(step: 3) }
    let before = builds("Configured")
    for _ in 0..<4 {
      twos.send(.increment)
      threes.send(.increment)
    }
    XCTAssertEqual(twos.state.count, 8)
    XCTAssertEqual(threes.state.count, 12, "each store runs its own reducer's configuration")
    XCTAssertEqual(builds("Configured") - before, 8)
  }

  func testStoresOnManyThreadsShareOneBody() {
    let stores = (0..<8).map { _ in Store(initialState: Stateless.State()) { Stateless() } }
    stores[0].send(.increment)  // the body exists from here on, whichever test ran first
    let built = builds("Stateless")
    DispatchQueue.concurrentPerform(iterations: stores.count) { index in
      for _ in 0..<200 { stores[index].send(.increment) }
    }
    XCTAssertEqual(stores.map(\.state.count), [201] + Array(repeating: 200, count: 7))
    XCTAssertEqual(builds("Stateless"), built, "no store built the body again")
  }
}
