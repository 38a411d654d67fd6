// Shrinker: delta debugging keeps only the steps a failure needs, in order.

import XCTest

@testable import NavHosting

final class ShrinkerTests: XCTestCase {
  func testOnlyTheNeededStepsAreKeptInOrder() {
    let steps = Array(1...20)
    let shrunk = Shrinker.shrink(steps) { $0.contains(3) && $0.contains(17) && $0.contains(9) }
    XCTAssertEqual(shrunk, [3, 9, 17])
  }

  func testTheResultIsOneMinimal() {
    // Fails when at least three even numbers come before a 7.
    func fails(_ steps: [Int]) -> Bool {
      guard let seven = steps.firstIndex(of: 7) else { return false }
      return steps[..<seven].filter { $0.isMultiple(of: 2) }.count >= 3
    }
    let steps = [5, 2, 9, 4, 4, 1, 6, 8, 7, 3, 7]
    let shrunk = Shrinker.shrink(steps, fails: fails)
    XCTAssertTrue(fails(shrunk))
    XCTAssertEqual(shrunk.count, 4)
    for index in shrunk.indices {
      var shorter = shrunk
      shorter.remove(at: index)
      XCTAssertFalse(fails(shorter), "\(shorter) still fails")
    }
  }

  func testAFailureWithNoStepsShrinksToNone() {
    XCTAssertEqual(Shrinker.shrink([1, 2, 3]) { _ in true }, [])
  }
}
