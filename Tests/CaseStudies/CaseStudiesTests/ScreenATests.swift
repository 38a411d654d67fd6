@testable import CaseStudies
import ComposableTesting
import XCTest

final class ScreenATests: ComposableTestCase {
  struct FactError: Error, Equatable {}

  func testCountChanges() async {
    let store = TestStore(initialState: ScreenA.State()) {
      ScreenA()
    }

    await store.send(.incrementButtonTapped) { $0.count = 1 }
    await store.send(.incrementButtonTapped) { $0.count = 2 }
    await store.send(.decrementButtonTapped) { $0.count = 1 }
    await store.finish()
  }

  func testFactIsFetchedForTheCurrentCount() async {
    let store = TestStore(initialState: ScreenA.State(count: 3)) {
      ScreenA()
    } withDependencies: {
      $0.factClient.fetch = { "\($0) is a good number." }
    }

    await store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(.factResponse(.success("3 is a good number."))) {
      $0.isLoading = false
      $0.fact = "3 is a good number."
    }
    await store.finish()
  }

  func testFactFailureClearsTheFact() async {
    let store = TestStore(initialState: ScreenA.State(count: 7, fact: "6 is a perfect number.")) {
      ScreenA()
    } withDependencies: {
      $0.factClient.fetch = { _ in throw FactError() }
    }

    await store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(.factResponse(.failure(FactError()))) {
      $0.isLoading = false
      $0.fact = nil
    }
    await store.finish()
  }

  func testUnimplementedFactClientFailsTheTest() async {
    let log = IssueLog()
    let store = TestStore(
      initialState: ScreenA.State(count: 5),
      reducer: { ScreenA() },
      reporter: log.reporter
    )

    await store.send(.factButtonTapped) { $0.isLoading = true }
    await store.receive(.factResponse(.failure(FactClient.Unimplemented()))) {
      $0.isLoading = false
    }
    await store.finish()

    XCTAssertEqual(log.messages.count, 1, "\(log.messages)")
    XCTAssertTrue(
      log.messages.first?.hasPrefix("Unimplemented: @Dependency(\\.factClient.fetch)") == true,
      "\(log.messages)")
  }

  /// On its own, at the test store's root, Screen A's dismiss dismisses it, as in TCA.
  func testDismissOnItsOwnDismissesTheScreen() async {
    let log = IssueLog()
    let store = TestStore(
      initialState: ScreenA.State(),
      reducer: { ScreenA() },
      reporter: log.reporter
    )

    await store.send(.dismissButtonTapped)
    await store.finish()

    XCTAssertEqual(log.messages, [])
    XCTAssertTrue(store.isDismissed)
    XCTAssertEqual(store.state, ScreenA.State())
  }
}
