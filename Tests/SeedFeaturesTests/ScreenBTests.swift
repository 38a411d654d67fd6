import ComposableTesting
import XCTest

final class ScreenBTests: ComposableTestCase {
  func testActionsLeaveStateUnchangedAndStartNoEffects() async {
    let store = TestStore(initialState: ScreenB.State()) {
      ScreenB()
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
