@testable import NavSync
import Dispatch
import XCTest

final class ProtectedTests: XCTestCase {
  private struct Boom: Error, Equatable {}

  func testWithLockLendsTheValueAndReturnsTheBodysResult() {
    let protected = Protected([1, 2])
    let count = protected.withLock { values -> Int in
      values.append(3)
      return values.count
    }
    XCTAssertEqual(count, 3)
    XCTAssertEqual(protected.withLock { $0 }, [1, 2, 3])
  }

  func testATypedErrorLeavesTheLockUnlocked() {
    let protected = Protected(0)
    XCTAssertThrowsError(
      try protected.withLock { (value: inout Int) throws(Boom) -> Void in
        value = 1
        throw Boom()
      }
    ) { XCTAssertEqual($0 as? Boom, Boom()) }
    // Taken again after the throw: a lock left held would hang here.
    XCTAssertEqual(protected.withLock { $0 }, 1)
  }

  func testIncrementsFromManyThreadsAreNotLost() {
    final class Counter: Sendable { let count = Protected(0) }
    let counter = Counter()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<10_000 { counter.count.withLock { $0 += 1 } }
    }
    XCTAssertEqual(counter.count.withLock { $0 }, 80_000)
  }
}
