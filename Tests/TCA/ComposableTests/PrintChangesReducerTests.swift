// _printChanges(): each action, and the state's change as a line diff.

import XCTest

@testable import Composable

final class PrintChangesReducerTests: XCTestCase {
  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable {
      case increment
      case noop
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if action == .increment { state.count += 1 }
      return .none
    }
  }

  func testEachActionIsWrittenWithTheChangeItMade() {
    var written: [String] = []
    let printing = PrintChangesReducer(base: Counter()) { written.append($0) }
    var state = Counter.State()
    _ = printing.reduce(into: &state, action: Counter.Action.increment)
    _ = printing.reduce(into: &state, action: Counter.Action.noop)
    XCTAssertEqual(written.count, 2)
    XCTAssertTrue(written[0].hasPrefix("received action:\n  "), written[0])
    XCTAssertTrue(written[0].contains("increment"), written[0])
    XCTAssertTrue(
      written[0].contains("−   count: 0") && written[0].contains("+   count: 1"), written[0])
    XCTAssertTrue(written[1].hasSuffix("(No state changes)"), written[1])
  }

  func testActionLabelsWriteTheActionAlone() {
    var written: [String] = []
    let printing = PrintChangesReducer(base: Counter(), labelsOnly: true) { written.append($0) }
    var state = Counter.State()
    _ = printing.reduce(into: &state, action: Counter.Action.increment)
    XCTAssertEqual(written.count, 1)
    XCTAssertTrue(written[0].hasPrefix("received action: "), written[0])
    XCTAssertTrue(written[0].hasSuffix("Counter.Action.increment"), written[0])
    XCTAssertEqual(state.count, 1)
  }

  func testThePrintersCompileAsTCAsCallSitesWriteThem() {
    _ = Counter()._printChanges()
    _ = Counter()._printChanges(.actionLabels)
    _ = Counter()._printChanges(nil)
  }

  func testAPrinterOfOnesOwnIsToldTheActionAndBothStates() {
    let told = LockIsolatedBox<[String]>([])
    let printer = _ReducerPrinter<Counter.State, Counter.Action>(printChange: { action, old, new in
      told.append("\(action) \(old.count)->\(new.count)")
    })
    var state = Counter.State()
    _ = Counter()._printChanges(printer).reduce(into: &state, action: .increment)
    XCTAssertEqual(told.value, ["increment 0->1"])
  }

  func testAReducerOfAnExistentialTypeBuilds() {
    let combined = CombineReducers {
      Counter()
      Counter() as any Reducer<Counter.State, Counter.Action>
    }
    var state = Counter.State()
    _ = combined.reduce(into: &state, action: .increment)
    XCTAssertEqual(state.count, 2)
  }
}

/// A value changed from a `@Sendable` closure in a test.
private final class LockIsolatedBox<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value { lock.withLock { stored } }
  func append<Element>(_ element: Element) where Value == [Element] {
    lock.withLock { stored.append(element) }
  }
}
