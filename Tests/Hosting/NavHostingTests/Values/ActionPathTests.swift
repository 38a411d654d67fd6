@testable import NavHosting
import NavValue
import XCTest

final class ActionPathTests: XCTestCase {
  /// The error message `ActionPath.parse` throws for `path`, or a failure when it parses.
  func parseError(
    _ path: String, payload: [DataValue] = [], file: StaticString = #filePath, line: UInt = #line
  ) -> String {
    do {
      let value = try ActionPath.parse(path, payload: payload)
      XCTFail("\"\(path)\" parsed as \(value)", file: file, line: line)
      return ""
    } catch {
      return error.message
    }
  }

  // MARK: - Plain paths

  func testOneCaseIsItsName() throws {
    XCTAssertEqual(try ActionPath.parse("incrementButtonTapped"), "incrementButtonTapped")
  }

  func testDottedPathNestsInnermostLast() throws {
    XCTAssertEqual(
      try ActionPath.parse("destination.presented.addContact.saveButtonTapped"),
      ["destination": ["presented": ["addContact": "saveButtonTapped"]]])
  }

  func testSpacesAroundSegmentsAreIgnored() throws {
    XCTAssertEqual(
      try ActionPath.parse(" counter . incrementButtonTapped "),
      ["counter": "incrementButtonTapped"])
  }

  func testNamesMayHoldDigitsAndUnderscores() throws {
    XCTAssertEqual(try ActionPath.parse("_screen2.tap_1"), ["_screen2": "tap_1"])
  }

  // MARK: - Payload arguments

  func testOnePayloadArgumentIsFlattened() throws {
    XCTAssertEqual(
      try ActionPath.parse("destination.presented.addContact.setName", payload: ["Blob"]),
      ["destination": ["presented": ["addContact": ["setName": "Blob"]]]])
  }

  func testTablePayloadIsKeptAsIs() throws {
    XCTAssertEqual(
      try ActionPath.parse("deleteButtonTapped", payload: [["id": "x"]]),
      ["deleteButtonTapped": ["id": "x"]])
  }

  func testSeveralPayloadArgumentsArePositional() throws {
    XCTAssertEqual(
      try ActionPath.parse("move", payload: [1, "two", true]),
      ["move": ["_0": 1, "_1": "two", "_2": true]])
  }

  func testPayloadInParenthesesAndAfterThePathIsRejected() {
    XCTAssertEqual(
      parseError("addContact.setName(\"A\")", payload: ["B"]),
      "action path \"addContact.setName(\"A\")\": give the payload of 'setName' in parentheses "
        + "or after the path, not both")
  }

  // MARK: - Literals in parentheses

  func testStringLiterals() throws {
    XCTAssertEqual(try ActionPath.parse("setName(\"Blob\")"), ["setName": "Blob"])
    XCTAssertEqual(try ActionPath.parse("setName('Blob Jr.')"), ["setName": "Blob Jr."])
    XCTAssertEqual(
      try ActionPath.parse(#"setName("a\"b\\c\nd\te")"#), ["setName": "a\"b\\c\nd\te"])
    XCTAssertEqual(try ActionPath.parse("setName(\"\")"), ["setName": ""])
    XCTAssertEqual(try ActionPath.parse("setName(\"a.b(c)\")"), ["setName": "a.b(c)"])
  }

  func testNumberLiterals() throws {
    XCTAssertEqual(try ActionPath.parse("set(42)"), ["set": 42])
    XCTAssertEqual(try ActionPath.parse("set(-7)"), ["set": -7])
    XCTAssertEqual(try ActionPath.parse("set(+5)"), ["set": 5])
    XCTAssertEqual(try ActionPath.parse("set(1.5)"), ["set": 1.5])
    XCTAssertEqual(try ActionPath.parse("set(-0.25)"), ["set": -0.25])
    XCTAssertEqual(try ActionPath.parse("set(1e3)"), ["set": .number(1000)])
  }

  func testIDAndPositionLiterals() throws {
    XCTAssertEqual(try ActionPath.parse("popFrom(#3)"), ["popFrom": 3])
    XCTAssertEqual(try ActionPath.parse("popFrom(#0)"), ["popFrom": 0])
    XCTAssertEqual(try ActionPath.parse("popFrom(@1)"), ["popFrom": "@1"])
    XCTAssertEqual(try ActionPath.parse("popFrom(@12)"), ["popFrom": "@12"])
    XCTAssertEqual(try ActionPath.parse("popFrom(-1)"), ["popFrom": -1])
  }

  func testBooleanNilAndCaseNameLiterals() throws {
    XCTAssertEqual(try ActionPath.parse("toggle(true)"), ["toggle": true])
    XCTAssertEqual(try ActionPath.parse("toggle(false)"), ["toggle": false])
    XCTAssertEqual(try ActionPath.parse("selectTab(profile)"), ["selectTab": "profile"])
    XCTAssertEqual(
      try ActionPath.parse("set(nil)"), .object(["set": .null]))
  }

  func testLabeledArguments() throws {
    XCTAssertEqual(
      try ActionPath.parse("push(id: 4, state: screenB)"),
      ["push": ["id": 4, "state": "screenB"]])
    XCTAssertEqual(
      try ActionPath.parse("move(from = 1, to = -1)"), ["move": ["from": 1, "to": -1]])
    XCTAssertEqual(try ActionPath.parse("move(1, to: 2)"), ["move": ["_0": 1, "to": 2]])
    XCTAssertEqual(
      try ActionPath.parse("deleteButtonTapped(id: \"x\")"), ["deleteButtonTapped": ["id": "x"]])
  }

  func testEmptyParenthesesMeanNoPayload() throws {
    XCTAssertEqual(try ActionPath.parse("addButtonTapped()"), "addButtonTapped")
  }

  // MARK: - Element segments

  func testElementSegmentTakesTheID() throws {
    let expected: DataValue = [
      "path": ["element": ["id": 2, "action": ["screenB": "screenAButtonTapped"]]]
    ]
    XCTAssertEqual(try ActionPath.parse("path.element(2).screenB.screenAButtonTapped"), expected)
    XCTAssertEqual(try ActionPath.parse("path.element(#2).screenB.screenAButtonTapped"), expected)
    XCTAssertEqual(
      try ActionPath.parse("path.element(id: 2).screenB.screenAButtonTapped"), expected)
    XCTAssertEqual(
      try ActionPath.parse("path.element( id = 2 ) . screenB.screenAButtonTapped"), expected)
  }

  func testElementSegmentWithPositions() throws {
    XCTAssertEqual(
      try ActionPath.parse("path.element(-1).screenC.timerTick"),
      ["path": ["element": ["id": -1, "action": ["screenC": "timerTick"]]]])
    XCTAssertEqual(
      try ActionPath.parse("path.element(@1).screenA.setCount", payload: [3]),
      ["path": ["element": ["id": "@1", "action": ["screenA": ["setCount": 3]]]]])
  }

  func testElementSegmentKeepsOtherLabels() throws {
    XCTAssertEqual(
      try ActionPath.parse("rows.element(3, extra: true).tap"),
      ["rows": ["element": ["id": 3, "extra": true, "action": "tap"]]])
  }

  func testElementSegmentRejectsTwoUnlabeledArguments() {
    XCTAssertEqual(
      parseError("path.element(1, 2).tap"),
      "action path \"path.element(1, 2).tap\": 'element(…)' takes one unlabeled argument, the "
        + "id; label the others")
  }

  // MARK: - Malformed paths

  func testEmptyPath() {
    XCTAssertEqual(parseError(""), "action path \"\": expected a case name at character 1")
  }

  func testDoubleDot() {
    XCTAssertEqual(parseError("a..b"), "action path \"a..b\": expected a case name at character 3")
  }

  func testTrailingDot() {
    XCTAssertEqual(
      parseError("counter."), "action path \"counter.\": expected a case name at character 9")
  }

  func testNameStartingWithADigit() {
    XCTAssertEqual(parseError("1up"), "action path \"1up\": expected a case name at character 1")
  }

  func testSpaceInsteadOfDot() {
    XCTAssertEqual(parseError("a b"), "action path \"a b\": expected '.' or '(' at character 3")
  }

  func testGarbageAfterParentheses() {
    XCTAssertEqual(
      parseError("set(1)x"), "action path \"set(1)x\": expected '.' or '(' at character 7")
  }

  func testUnclosedParenthesis() {
    XCTAssertEqual(
      parseError("set(1"), "action path \"set(1\": expected ',' or ')' at character 6")
    XCTAssertEqual(
      parseError("set(1 2)"), "action path \"set(1 2)\": expected ',' or ')' at character 7")
  }

  func testUnterminatedString() {
    XCTAssertEqual(
      parseError("setName(\"Blob"),
      "action path \"setName(\"Blob\": unterminated string at character 14")
  }

  func testMissingValue() {
    XCTAssertEqual(parseError("set(%)"), "action path \"set(%)\": expected a value at character 5")
    XCTAssertEqual(
      parseError("set(1,)"), "action path \"set(1,)\": expected a value at character 7")
    XCTAssertEqual(parseError("set("), "action path \"set(\": expected a value at character 5")
  }

  func testBadIDAndPosition() {
    XCTAssertEqual(
      parseError("popFrom(#x)"),
      "action path \"popFrom(#x)\": expected a number after '#' at character 10")
    XCTAssertEqual(
      parseError("popFrom(@0)"),
      "action path \"popFrom(@0)\": expected a number after '@' at character 11")
  }
}
