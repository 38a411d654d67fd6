import ComposableTesting
import XCTest

final class MultipleDestinationsTests: ComposableTestCase {
  func testSheetIsPresentedCountsAndIsDismissed() async {
    let store = TestStore(initialState: MultipleDestinations.State()) {
      MultipleDestinations()
    }

    await store.send(.showSheet) {
      $0.destination = .sheet(Counter.State())
    }
    await store.send(.destination(.presented(.sheet(.incrementButtonTapped)))) {
      $0.destination = .sheet(Counter.State(count: 1))
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.finish()
  }

  func testShowingAnotherDestinationReplacesTheFirst() async {
    let store = TestStore(initialState: MultipleDestinations.State()) {
      MultipleDestinations()
    }

    await store.send(.showPopover) {
      $0.destination = .popover(Counter.State())
    }
    await store.send(.destination(.presented(.popover(.decrementButtonTapped)))) {
      $0.destination = .popover(Counter.State(count: -1))
    }
    await store.send(.showDrillDown) {
      $0.destination = .drillDown(Counter.State())
    }
    await store.finish()
  }
}
