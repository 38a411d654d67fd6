// ExploreRun: screens are told apart by their state without stack ids and with fresh UUIDs
// numbered, so a screen pushed again or an identifier made anew is not a new screen.

import NavValue
import XCTest

@testable import NavHosting

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

  func testAStackDeepInTheStateLosesItsIdsAndNothingElseChanges() {
    func state(ids: [Int], uuid: String? = nil) -> DataValue {
      var inner: [String: DataValue] = [
        "stack": .array(ids.map { .object(["id": .integer($0), "screenA": ["count": 1]]) }),
        "name": "n",
      ]
      if let uuid { inner["token"] = .string(uuid) }
      return .object(["tabs": .array([.object(inner), "plain"]), "count": 2])
    }
    let stripped: DataValue = [
      "tabs": [
        ["stack": [["screenA": ["count": 1]], ["screenA": ["count": 1]]], "name": "n"], "plain",
      ],
      "count": 2,
    ]
    XCTAssertEqual(ExploreRun.canonical(state(ids: [1, 4])), stripped)
    XCTAssertEqual(
      ExploreRun.canonical(state(ids: [1, 4], uuid: "1BCF5766-097C-4283-9569-96755923197C")),
      ExploreRun.canonical(state(ids: [7, 9], uuid: "8F23F2A7-9625-41F1-8A88-901FE72378AC")))
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
    XCTAssertEqual(ExploreFinding.masked("Go to A → B → C"), "Go to A → B → C")
    XCTAssertEqual(ExploreFinding.masked("#3) Screen B, 10 of 12"), "#N) Screen B, N of N")
    // A UUID of letters alone, and one at the very end of a long label.
    XCTAssertEqual(
      ExploreFinding.masked("id abcdefab-abcd-abcd-abcd-abcdefabcdef"), "id UUID")
    XCTAssertEqual(
      ExploreFinding.masked("a label long enough for a UUID, but with none"),
      "a label long enough for a UUID, but with none")
    // A digit with a combining mark is one character, and not a digit: it stays.
    XCTAssertEqual(ExploreFinding.masked("key 1\u{20E3} and 2"), "key 1\u{20E3} and N")
  }

  func testAShapesLabelsAreMaskedAsFindingsAre() {
    let labels = [
      "", "Go to screen A", "#3) Screen B", "Count 12", "Go to A → B → C", "→ 12 → 3",
      "key 1\u{20E3} and 2", "pop #12 of 1BCF5766-097C-4283-9569-96755923197C",
      "a label long enough for a UUID, with 12 digits", "7", "007 and 8 and 99",
      "Z\u{0308}ahl 4",
    ]
    for label in labels {
      var bytes: [UInt8] = [1]
      ExploreRun.appendMasked(label, to: &bytes)
      XCTAssertEqual(bytes, [1] + Array(ExploreFinding.masked(label).utf8), label)
    }
  }

  func testUUIDsAreFoundAnywhereInATextByTheirBytes() {
    XCTAssertTrue(ExploreRun.containsUUIDBytes("→ 1BCF5766-097C-4283-9569-96755923197C"))
    XCTAssertTrue(ExploreRun.containsUUIDBytes("1BCF5766-097C-4283-9569-96755923197C!"))
    XCTAssertFalse(ExploreRun.containsUUIDBytes("1BCF5766-097C-4283-9569-96755923197"))
    XCTAssertFalse(ExploreRun.containsUUIDBytes("1BCF5766-097C-4283-9569_96755923197C"))
  }
}
