// ExploreProgress: the figures a walk shows as it goes, as a line people read and as JSON.

import Foundation
import XCTest

@testable import NavHosting

final class ExploreProgressTests: XCTestCase {
  func testTheLineGroupsThousandsAndSaysTheRate() {
    let progress = ExploreProgress(
      steps: 12_345, screens: 1_234, frontier: 56, findings: 1, elapsed: .milliseconds(2_500))
    XCTAssertEqual(progress.stepsPerSecond, 4_938)
    XCTAssertEqual(
      progress.line, "12,345 steps (4,938/s) · 1,234 screens · 56 open · 1 finding · 2.5 s")
    XCTAssertEqual(ExploreProgress.grouped(1_000_000), "1,000,000")
    XCTAssertEqual(ExploreProgress.grouped(999), "999")
    XCTAssertEqual(ExploreProgress.grouped(-1_500), "-1,500")
  }

  func testAWalkThatTookNoTimeHasNoRate() throws {
    let progress = ExploreProgress(steps: 0, screens: 1, frontier: 1, findings: 0, elapsed: .zero)
    XCTAssertEqual(progress.stepsPerSecond, 0)
    XCTAssertTrue(progress.line.contains("0 findings"), progress.line)
    let read = try JSONDecoder().decode(
      ExploreProgress.self, from: JSONEncoder().encode(progress))
    XCTAssertEqual(read, progress)
  }
}
