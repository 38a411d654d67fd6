@testable import CaseStudies
import Composable
import NavValue
import XCTest

@testable import NavHosting

final class StackPositionsTests: XCTestCase {
  /// The navigation state with screens A, B, C (ids 3, 5, 8), encoded.
  var state: DataValue {
    get throws { try ValueModel.encodeAny(navigationStateWithThreeScreens()) }
  }

  func resolve(_ path: String, payload: [DataValue] = []) throws -> DataValue {
    try StackPositions.resolve(try ActionPath.parse(path, payload: payload), in: try state)
  }

  func resolutionError(
    _ path: String, in state: DataValue, file: StaticString = #filePath, line: UInt = #line
  ) -> String {
    do {
      let value = try StackPositions.resolve(try ActionPath.parse(path), in: state)
      XCTFail("\"\(path)\" resolved to \(value)", file: file, line: line)
      return ""
    } catch {
      return error.message
    }
  }

  func element(_ id: DataValue, _ action: DataValue) -> DataValue {
    ["path": ["element": ["id": id, "action": action]]]
  }

  // MARK: - Positions

  func testNegativePositionsCountFromTheTop() throws {
    XCTAssertEqual(
      try resolve("path.element(-1).screenC.timerTick"), element(8, ["screenC": "timerTick"]))
    XCTAssertEqual(
      try resolve("path.element(-2).screenB.screenAButtonTapped"),
      element(5, ["screenB": "screenAButtonTapped"]))
    XCTAssertEqual(
      try resolve("path.element(-3).screenA.incrementButtonTapped"),
      element(3, ["screenA": "incrementButtonTapped"]))
  }

  /// The most negative position is out of range, not an overflow (found by `scripts/fuzz
  /// action-path`: one client line crashed the daemon).
  func testTheMostNegativePositionIsOutOfRange() throws {
    XCTAssertTrue(
      resolutionError(
        "path.element(-9223372036854775808).screenA.incrementButtonTapped", in: try state
      )
      .contains("out of range"))
  }

  func testAtPositionsCountFromTheBottom() throws {
    XCTAssertEqual(
      try resolve("path.element(@1).screenA.incrementButtonTapped"),
      element(3, ["screenA": "incrementButtonTapped"]))
    XCTAssertEqual(
      try resolve("path.element(@3).screenC.timerTick"), element(8, ["screenC": "timerTick"]))
  }

  func testIDsAreLeftAsTheyAre() throws {
    XCTAssertEqual(
      try resolve("path.element(#5).screenB.screenAButtonTapped"),
      element(5, ["screenB": "screenAButtonTapped"]))
    XCTAssertEqual(
      try resolve("path.element(42).screenB.screenAButtonTapped"),
      element(42, ["screenB": "screenAButtonTapped"]))
  }

  func testPopFromPositions() throws {
    XCTAssertEqual(try resolve("path.popFrom(-1)"), ["path": ["popFrom": 8]])
    XCTAssertEqual(try resolve("path.popFrom(id: -2)"), ["path": ["popFrom": ["id": 5]]])
    XCTAssertEqual(try resolve("path.popFrom(id: @1)"), ["path": ["popFrom": ["id": 3]]])
  }

  func testResolvedActionsDecode() throws {
    let action = try ValueModel.buildAny(
      NavigationDemo.Action.self, from: try resolve("path.element(-1).screenC.timerTick"),
      what: "action")
    XCTAssertEqual(action, .path(.element(id: 8, action: .screenC(.timerTick))))
    let pop = try ValueModel.buildAny(
      NavigationDemo.Action.self, from: try resolve("path.popFrom(id: -2)"), what: "action")
    XCTAssertEqual(pop, .path(.popFrom(id: 5)))
    let lone = try ValueModel.buildAny(
      NavigationDemo.Action.self, from: try resolve("path.popFrom(-1)"), what: "action")
    XCTAssertEqual(lone, .path(.popFrom(id: 8)))
  }

  func testActionsWithoutPositionsAreUnchanged() throws {
    let action = try ActionPath.parse("goToABCButtonTapped")
    XCTAssertEqual(try StackPositions.resolve(action, in: try state), action)
    let push = try ActionPath.parse("path.push(id: 9, state: screenB)")
    XCTAssertEqual(try StackPositions.resolve(push, in: try state), push)
  }

  // MARK: - Out of range

  func testOutOfRangeNamesTheStackSize() throws {
    XCTAssertEqual(
      resolutionError("path.element(-4).screenB.screenAButtonTapped", in: try state),
      "stack position -4 is out of range: the stack has 3 elements")
    XCTAssertEqual(
      resolutionError("path.element(@4).screenB.screenAButtonTapped", in: try state),
      "stack position @4 is out of range: the stack has 3 elements")
    XCTAssertEqual(
      resolutionError("path.popFrom(-9)", in: try state),
      "stack position -9 is out of range: the stack has 3 elements")
  }

  func testOutOfRangeOnSmallStacks() throws {
    let empty = try ValueModel.encodeAny(NavigationDemo.State())
    XCTAssertEqual(
      resolutionError("path.element(-1).screenC.timerTick", in: empty),
      "stack position -1 is out of range: the stack has 0 elements")
    var one = NavigationDemo.State()
    one.path[id: 1] = .screenB()
    XCTAssertEqual(
      resolutionError(
        "path.element(@2).screenB.screenAButtonTapped", in: try ValueModel.encodeAny(one)),
      "stack position @2 is out of range: the stack has 1 element")
  }

  // MARK: - Nested stacks

  func testStackInsideAPresentedDestination() throws {
    let app = try ValueModel.encodeAny(
      AppFeature.State(destination: .navigation(navigationStateWithThreeScreens())))
    let resolved = try StackPositions.resolve(
      try ActionPath.parse("destination.presented.navigation.path.element(-1).screenC.timerTick"),
      in: app)
    XCTAssertEqual(
      resolved,
      [
        "destination": [
          "presented": ["navigation": element(8, ["screenC": "timerTick"])]
        ]
      ])
    // AppFeature.Action is not Equatable (the seed's MultipleDestinations.Action is not).
    guard
      case .destination(
        .presented(.navigation(.path(.element(id: 8, action: .screenC(.timerTick)))))) =
        try ValueModel.buildAny(AppFeature.Action.self, from: resolved, what: "action")
    else { return XCTFail("not Screen C's tick at #8") }

    let bottom = try StackPositions.resolve(
      try ActionPath.parse("destination.presented.navigation.path.popFrom(id: @2)"), in: app)
    guard
      case .destination(.presented(.navigation(.path(.popFrom(id: 5))))) = try ValueModel.buildAny(
        AppFeature.Action.self, from: bottom, what: "action")
    else { return XCTFail("not a pop from #5") }
  }

  func testNestedOutOfRange() throws {
    var navigation = NavigationDemo.State()
    navigation.path[id: 2] = .screenB()
    let app = try ValueModel.encodeAny(AppFeature.State(destination: .navigation(navigation)))
    XCTAssertEqual(
      resolutionError(
        "destination.presented.navigation.path.element(-2).screenB.screenAButtonTapped", in: app),
      "stack position -2 is out of range: the stack has 1 element")
  }

  func testMentionsPositions() {
    XCTAssertTrue(StackPositions.mentionsPositions(["a": ["element": ["id": -1]]]))
    XCTAssertTrue(StackPositions.mentionsPositions(["a": ["id": "@2"]]))
    XCTAssertTrue(StackPositions.mentionsPositions([["x": -3]]))
    XCTAssertFalse(StackPositions.mentionsPositions(["a": ["element": ["id": 2]]]))
    XCTAssertFalse(StackPositions.mentionsPositions(["setName": "Blob"]))
    XCTAssertFalse(StackPositions.mentionsPositions("incrementButtonTapped"))
  }

  // MARK: - Ids to positions (the recorder's inverse)

  func testIdsBecomePositionsThatResolveBackToThem() throws {
    let state = try self.state
    for path in [
      "path.element(3).screenA.incrementButtonTapped",
      "path.element(5).screenB.screenAButtonTapped",
      "path.element(8).screenC.timerTick", "path.popFrom(id: 5)",
    ] {
      let action = try ActionPath.parse(path)
      let positioned = StackPositions.positioned(action, in: state)
      XCTAssertNotEqual(positioned, action, path)
      XCTAssertTrue(StackPositions.mentionsPositions(positioned), path)
      XCTAssertEqual(try StackPositions.resolve(positioned, in: state), action, path)
    }
    XCTAssertEqual(
      StackPositions.positioned(element(8, ["screenC": "timerTick"]), in: state),
      element("@3", ["screenC": "timerTick"]))
  }

  func testAnIdTheStateDoesNotHoldAndActionsWithoutIdsStayAsTheyAre() throws {
    let state = try self.state
    XCTAssertEqual(
      StackPositions.positioned(element(42, ["screenC": "timerTick"]), in: state),
      element(42, ["screenC": "timerTick"]))
    XCTAssertEqual(
      StackPositions.positioned("goToABCButtonTapped", in: state), "goToABCButtonTapped")
  }

  func testNestedIdsBecomePositionsInTheirOwnStack() throws {
    var navigation = NavigationDemo.State()
    navigation.path[id: 2] = .screenB()
    navigation.path[id: 7] = .screenC()
    let app = try ValueModel.encodeAny(AppFeature.State(destination: .navigation(navigation)))
    let action = try ActionPath.parse(
      "destination.presented.navigation.path.element(7).screenC.timerTick")
    let positioned = StackPositions.positioned(action, in: app)
    XCTAssertEqual(
      positioned,
      try ActionPath.parse("destination.presented.navigation.path.element(@2).screenC.timerTick"))
    XCTAssertEqual(try StackPositions.resolve(positioned, in: app), action)
  }

  func testStackElementsLoseTheirIdsAndIdentifiedRowsKeepThem() {
    let state: DataValue = [
      "path": [["id": 3, "screenB": [:]], ["id": 5, "screenC": ["count": 1]]],
      "rows": [["id": 1, "title": "a", "done": false]],
      "contacts": [["id": "5F1C…", "name": "Blob"]],
    ]
    XCTAssertEqual(
      StackPositions.withoutElementIDs(state),
      [
        "path": [["screenB": [:]], ["screenC": ["count": 1]]],
        "rows": [["id": 1, "title": "a", "done": false]],
        "contacts": [["id": "5F1C…", "name": "Blob"]],
      ])
  }
}
