import Dispatch
import XCTest

@testable import NavSync

/// The per-request lock excludes, hands back results, and is released when its body throws.
final class LockTests: XCTestCase {
  private final class Counter: @unchecked Sendable {
    let lock = Lock()
    var value = 0
  }

  func testExcludesAcrossThreads() {
    let counter = Counter()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<20_000 {
        // A read and a write apart: without the lock, increments are lost.
        counter.lock.withLock {
          let seen = counter.value
          counter.value = seen + 1
        }
      }
    }
    XCTAssertEqual(counter.lock.withLock { counter.value }, 160_000)
  }

  private struct Refused: Error, Equatable {}

  func testReleasesTheLockWhenTheBodyThrows() {
    let lock = Lock()
    XCTAssertThrowsError(try lock.withLock { () throws(Refused) -> Int in throw Refused() }) {
      XCTAssertEqual($0 as? Refused, Refused())
    }
    // Taken again on the same thread: a lock left held would deadlock here.
    XCTAssertEqual(lock.withLock { "free" }, "free")
  }
}
