@testable import CaseStudies
import ComposableTesting
import XCTest

final class MultipleDestinationsTests: ComposableTestCase {
  func testEachButtonPresentsACounterInItsOwnWay() async {
    let store = TestStore(initialState: MultipleDestinations.State()) {
      MultipleDestinations()
    }

    await store.send(.showDrillDown) {
      $0.destination = .drillDown(Counter.State())
    }
    await store.send(.destination(.presented(.drillDown(.incrementButtonTapped)))) {
      $0.destination = .drillDown(Counter.State(count: 1))
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }

    await store.send(.showPopover) {
      $0.destination = .popover(Counter.State())
    }
    await store.send(.destination(.presented(.popover(.decrementButtonTapped)))) {
      $0.destination = .popover(Counter.State(count: -1))
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }

    await store.send(.showSheet) {
      $0.destination = .sheet(Counter.State())
    }
    await store.send(.destination(.presented(.sheet(.incrementButtonTapped)))) {
      $0.destination = .sheet(Counter.State(count: 1))
    }
    await store.send(.destination(.presented(.sheet(.incrementButtonTapped)))) {
      $0.destination = .sheet(Counter.State(count: 2))
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.finish()
  }

  func testPresentingAnotherDestinationReplacesTheFirstWithAFreshCounter() async {
    let store = TestStore(initialState: MultipleDestinations.State()) {
      MultipleDestinations()
    }

    await store.send(.showSheet) {
      $0.destination = .sheet(Counter.State())
    }
    await store.send(.destination(.presented(.sheet(.incrementButtonTapped)))) {
      $0.destination = .sheet(Counter.State(count: 1))
    }
    await store.send(.showPopover) {
      $0.destination = .popover(Counter.State())
    }
    await store.send(.showDrillDown) {
      $0.destination = .drillDown(Counter.State())
    }
    await store.finish()
  }

  func testActionForAnotherDestinationIsARuntimeWarning() async {
    let log = IssueLog()
    let store = TestStore(
      initialState: MultipleDestinations.State(destination: .sheet(Counter.State())),
      reducer: { MultipleDestinations() },
      reporter: log.reporter
    )

    // The popover is not presented: its counter does not run, and the sheet's is untouched.
    await store.send(.destination(.presented(.popover(.incrementButtonTapped))))
    await store.finish()
    XCTAssertEqual(store.state.destination, .sheet(Counter.State()))
    XCTAssertEqual(log.messages.count, 1, "\(log.messages)")
  }

  func testActionWhenNothingIsPresentedIsARuntimeWarning() async {
    let log = IssueLog()
    let store = TestStore(
      initialState: MultipleDestinations.State(),
      reducer: { MultipleDestinations() },
      reporter: log.reporter
    )

    await store.send(.destination(.presented(.sheet(.incrementButtonTapped))))
    await store.send(.destination(.dismiss))
    await store.finish()
    XCTAssertEqual(store.state.destination, nil)
    XCTAssertEqual(log.messages.count, 2, "\(log.messages)")
  }
}
