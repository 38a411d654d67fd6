// ExploreStep: the report's form of a step reads back as the same step, and a repro line is
// valid Lua for it.

import XCTest

@testable import NavHosting

final class ExploreStepTests: XCTestCase {
  func testEachStepReadsBackFromItsDescription() {
    let steps: [ExploreStep] = [
      .tap(label: "Delete first", index: nil), .tap(label: "Delete", index: 2),
      .type(text: "Blob \"Jr.\"", field: "Name"), .type(text: "", field: "Coupon"), .back,
      .tap(label: "a \\ b", index: nil),
    ]
    for step in steps {
      XCTAssertEqual(ExploreStep(parsing: step.description), step, step.description)
    }
    XCTAssertEqual(
      ExploreStep.type(text: "Blob", field: "Name").description, #"type "Blob" into "Name""#)
    XCTAssertEqual(ExploreStep.tap(label: "Delete", index: 2).description, #"tap "Delete" #2"#)
  }

  func testTextThatIsNoStepIsRejected() {
    for text in ["", "tap", "tap Delete", "tap \"x\" #0", "back now", "type \"a\" \"b\"", "swipe"] {
      XCTAssertNil(ExploreStep(parsing: text), text)
    }
  }

  func testAReproLineIsACallOnTheHandle() {
    XCTAssertEqual(
      ExploreStep.tap(label: "Go", index: nil).luaCall(on: "repro"), #"repro:tap("Go")"#)
    XCTAssertEqual(
      ExploreStep.tap(label: "Go", index: 3).luaCall(on: "repro"),
      #"repro:tap({label = "Go", index = 3})"#)
    XCTAssertEqual(
      ExploreStep.type(text: "a\nb", field: "Name").luaCall(on: "repro"),
      #"repro:type("Name", "a\nb")"#)
    XCTAssertEqual(
      ExploreStep.type(text: "\u{1}2", field: "Name").luaCall(on: "repro"),
      #"repro:type("Name", "\0012")"#)
  }
}
