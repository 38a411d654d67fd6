// Reducer.dependency and transformDependency: the reducer and the effects it starts run with the
// changed values; the rest of the store keeps its own.

import Composable
import Foundation
import XCTest

final class DependencyKeyWritingReducerTests: XCTestCase {
  /// Reads the date in its reduce, and again in an effect.
  struct Stamps: Reducer {
    struct State: Equatable { var reduced: Date?, effect: Date? }
    enum Action: Equatable {
      case stamp
      case stamped(Date)
    }
    @Dependency(\.date.now) var now
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .stamp:
        state.reduced = now
        return .run { send in
          @Dependency(\.date.now) var now
          await send(.stamped(now))
        }
      case .stamped(let date):
        state.effect = date
        return .none
      }
    }
  }

  func testADependencyIsSetForTheReduceAndItsEffects() async {
    let set = Date(timeIntervalSince1970: 10)
    let store = TestStore(initialState: Stamps.State()) {
      Stamps().dependency(\.date, .constant(set))
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1))
    }
    await store.send(.stamp) { $0.reduced = set }
    await store.receive(.stamped(set)) { $0.effect = set }
  }

  func testTransformDependencyChangesWhatTheStoreHas() async {
    let store = TestStore(initialState: Stamps.State()) {
      Stamps().transformDependency(\.date) { date in
        let now = date.now
        date = .constant(now.addingTimeInterval(60))
      }
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 0))
    }
    let later = Date(timeIntervalSince1970: 60)
    await store.send(.stamp) { $0.reduced = later }
    await store.receive(.stamped(later)) { $0.effect = later }
  }

  func testLocaleCalendarAndTimeZoneAreFixedInTests() {
    withDependencies {
      $0.context = .test
    } operation: {
      @Dependency(\.locale) var locale
      @Dependency(\.timeZone) var timeZone
      @Dependency(\.calendar) var calendar
      XCTAssertEqual(locale.identifier, "en_US_POSIX")
      XCTAssertEqual(timeZone.secondsFromGMT(), 0)
      XCTAssertEqual(calendar.identifier, .gregorian)
      XCTAssertEqual(calendar.timeZone.secondsFromGMT(), 0)
    }
  }

  func testOpenURLIsUnimplementedInTestsUntilSet() async {
    let warnings = Warnings()
    let url = URL(string: "https://example.com/help")!
    let opened = await withDependencies {
      $0.context = .test
      $0.issueReporter = warnings.reporter
    } operation: {
      @Dependency(\.openURL) var openURL
      return await openURL(url)
    }
    XCTAssertFalse(opened)
    XCTAssertEqual(warnings.messages.count, 1)
    XCTAssertTrue(warnings.messages.first?.contains("example.com/help") == true)
    let seen = await withDependencies {
      $0.openURL = OpenURLEffect { $0 == url }
    } operation: {
      @Dependency(\.openURL) var openURL
      return await openURL(url)
    }
    XCTAssertTrue(seen)
  }

  func testPrepareDependenciesSetsTheBaseOfEveryStore() {
    prepareDependencies { $0[PreparedKey.self] = "prepared" }
    @Dependency(PreparedKey.self) var prepared
    XCTAssertEqual(prepared, "prepared")
    let inStore = Store(initialState: "") {
      Reduce<String, Bool> { state, _ in
        @Dependency(PreparedKey.self) var prepared
        state = prepared
        return .none
      }
    }
    inStore.send(true)
    XCTAssertEqual(inStore.state, "prepared")
  }
}

/// A key only the prepareDependencies test sets, so the process-wide change touches no other test.
private enum PreparedKey: DependencyKey {
  static let liveValue = "default"
  static let testValue = "default"
}
