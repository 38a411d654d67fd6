// ExploreRun: screens are told apart by their state without stack ids and with fresh UUIDs
// numbered, so a screen pushed again or an identifier made anew is not a new screen.

import NavValue
import XCTest

@testable import NavScript

final class ExploreRunTests: XCTestCase {
  func testStackElementIdsAreLeftOut() {
    let first: DataValue = .object([
      "path": .array([.object(["id": .integer(0), "screenA": .emptyObject])])
    ])
    let again: DataValue = .object([
      "path": .array([.object(["id": .integer(4), "screenA": .emptyObject])])
    ])
    XCTAssertEqual(ExploreRun.canonical(first), ExploreRun.canonical(again))
    // Ids that do not rise are data, not a stack's.
    let data: DataValue = .array([.object(["id": .integer(2)]), .object(["id": .integer(1)])])
    XCTAssertEqual(ExploreRun.canonical(data), data)
  }

  func testUUIDsAreNumberedInTheOrderTheyAppear() {
    let a = "1BCF5766-097C-4283-9569-96755923197C"
    let b = "8F23F2A7-9625-41F1-8A88-901FE72378AC"
    let state: DataValue = .object(["contacts": .array([.string(a), .string(b), .string(a)])])
    XCTAssertEqual(
      ExploreRun.canonical(state),
      .object(["contacts": .array([.string("uuid-1"), .string("uuid-2"), .string("uuid-1")])]))
    XCTAssertFalse(ExploreRun.isUUID("1BCF5766-097C-4283-9569-96755923197"))
    XCTAssertFalse(ExploreRun.isUUID("1BCF5766x097C-4283-9569-96755923197C"))
  }

  func testFindingsAreComparedWithNumbersAndUUIDsMasked() {
    XCTAssertEqual(
      ExploreFinding.masked("pop #12 of 1BCF5766-097C-4283-9569-96755923197C"), "pop #N of UUID")
  }
}
