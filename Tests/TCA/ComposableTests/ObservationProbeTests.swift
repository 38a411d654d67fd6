@testable import Composable
import ComposableArchitecture
import Foundation
import Observation
import XCTest

@ObservableState
private struct Profile {
  var name = "Blob"
  var visits = 0
  var tags: [String] = []
}

/// The probe reads Observation's own tracking slot, and an `@ObservableState` value creates its
/// registrar at the first tracked read: observers hear every change they would have heard with
/// the registrar made up front, on any thread and through any copy.
final class ObservationProbeTests: XCTestCase {
  func testTheProbePassesItsSelfCheckOnThisToolchain() {
    // If this fails, the runtime's layout changed: mutations still report (every access counts
    // as tracked), but they pay the registrar again; docs/performance.md §7.
    XCTAssertTrue(ObservationProbe.isEnabled, "the probe found Observation's tracking slot")
    XCTAssertFalse(ObservationProbe.isTracking, "no tracking scope is open here")
    let inside = withObservationTracking {
      ObservationProbe.isTracking
    } onChange: {
    }
    XCTAssertTrue(inside, "withObservationTracking opened one")
    let nested = withObservationTracking {
      withObservationTracking {
        ObservationProbe.isTracking
      } onChange: {
      }
        && ObservationProbe.isTracking
    } onChange: {
    }
    XCTAssertTrue(nested, "a nested scope, and the outer one after it closed")
    XCTAssertFalse(ObservationProbe.isTracking, "closed again")
  }

  func testAnUntrackedValueHasNoRegistrarAndChangesInPlace() {
    var profile = Profile()
    profile.visits += 1
    profile.name = "Blob Jr."
    profile.tags.append("new")
    _ = profile.name
    XCTAssertFalse(profile._$observationRegistrar._$isObserved, "nothing tracked a read")
    XCTAssertEqual(profile.visits, 1)
    XCTAssertEqual(profile.name, "Blob Jr.")
    XCTAssertEqual(profile.tags, ["new"])
  }

  func testATrackedReadMakesEveryKindOfChangeReachTheObserver() {
    var profile = Profile()
    let changes = ChangeCount()
    func observe(_ read: @escaping (Profile) -> Void) {
      let snapshot = profile
      withObservationTracking {
        read(snapshot)
      } onChange: {
        changes.increment()
      }
    }
    observe { _ = $0.visits }
    XCTAssertTrue(profile._$observationRegistrar._$isObserved, "the tracked read made one")
    profile.visits += 1
    XCTAssertEqual(changes.value, 1, "an in-place change (_modify)")
    observe { _ = $0.name }
    profile.name = "Blob Sr."
    XCTAssertEqual(changes.value, 2, "a set")
    observe { _ = $0.tags }
    profile.tags.append("a")
    XCTAssertEqual(changes.value, 3, "a collection changed in place")
    observe { _ = $0.tags }
    profile.visits += 1
    XCTAssertEqual(changes.value, 3, "a change to a property the observer did not read")
  }

  func testACopyMadeBeforeTheFirstTrackedReadSharesTheRegistrar() {
    var original = Profile()
    let copy = original
    let changes = ChangeCount()
    withObservationTracking {
      _ = copy.visits
    } onChange: {
      changes.increment()
    }
    original.visits += 1
    XCTAssertEqual(changes.value, 1, "the copy's observer heard the original's change")
  }

  func testTrackingOnAnotherThreadReachesAChangeMadeHere() {
    let box = ProfileBox(Profile())
    let changes = ChangeCount()
    let tracked = expectation(description: "tracked on another thread")
    Thread.detachNewThread {
      let snapshot = box.value
      withObservationTracking {
        _ = snapshot.visits
      } onChange: {
        changes.increment()
      }
      XCTAssertTrue(ObservationProbe.isEnabled)
      tracked.fulfill()
    }
    wait(for: [tracked], timeout: 10)
    XCTAssertFalse(ObservationProbe.isTracking, "the other thread's scope is not this one's")
    box.value.visits += 1
    XCTAssertEqual(changes.value, 1, "the change reached the other thread's observer")
  }
}

/// A value handed between threads in a test.
private final class ProfileBox: @unchecked Sendable {
  var value: Profile
  init(_ value: Profile) { self.value = value }
}

/// Counts observation callbacks.
private final class ChangeCount: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  var value: Int { lock.withLock { count } }
  func increment() { lock.withLock { count += 1 } }
}
