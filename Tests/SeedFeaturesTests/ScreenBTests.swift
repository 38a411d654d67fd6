import ComposableTesting
import XCTest

// Stores that override nothing still pass `withDependencies: { _ in }`: `TestStore.init` is
// `rethrows` over a defaulted throwing closure, so without it the call needs `try`.

final class ScreenBTests: ComposableTestCase {
  func testActionsLeaveStateUnchangedAndStartNoEffects() async {
    let store = TestStore(initialState: ScreenB.State()) {
      ScreenB()
    } withDependencies: { _ in
    }

    await store.send(.screenAButtonTapped)
    await store.send(.screenBButtonTapped)
    await store.send(.screenCButtonTapped)
    XCTAssertEqual(store.state, ScreenB.State())
    XCTAssertEqual(store.inFlightEffects, [])
    XCTAssertTrue(store.receivedActions.isEmpty)
    await store.finish()
  }

  func testExpectingAChangeThatDoesNotHappenIsReported() async {
    let log = IssueLog()
    let store = TestStore(
      initialState: ScreenB.State(),
      reducer: { ScreenB() },
      withDependencies: { _ in },
      reporter: log.reporter
    )

    await store.send(.screenAButtonTapped) { _ in }
    await store.finish()

    XCTAssertEqual(log.messages.count, 1, "\(log.messages)")
    XCTAssertTrue(
      log.messages.first?.hasPrefix("Expected state to change, but no change occurred.") == true,
      "\(log.messages)")
  }
}
