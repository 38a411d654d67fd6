// JSON on the wire ⇄ the value model.

import NavProtocol
import NavValue
import XCTest

@testable import NavServer

final class ValueConversionTests: XCTestCase {
  func testSequencesBecomeArraysAndTablesObjects() {
    let value: DataValue = [
      "path": [["id": 0, "screenA": ["count": 1]], ["id": 1, "screenB": [:]]],
      "title": "t", "ratio": 0.5, "flag": true,
    ]
    XCTAssertEqual(
      JSONValue(value),
      [
        "flag": true, "path": [["id": 0, "screenA": ["count": 1]], ["id": 1, "screenB": [:]]],
        "ratio": 0.5, "title": "t",
      ])
  }

  func testAnEmptyObjectIsAnEmptyObjectAndNonFiniteNumbersNull() {
    XCTAssertEqual(JSONValue(DataValue.emptyObject), .object([:]))
    XCTAssertEqual(JSONValue(DataValue.number(.infinity)), .null)
  }

  /// An empty stack or list is `[]` on the wire: it was `{}` while state went through Lua tables.
  func testAnEmptyArrayIsAnEmptyArray() throws {
    XCTAssertEqual(JSONValue(DataValue.array([])), .array([]))
    let state: DataValue = ["path": [], "contacts": [], "destination": .emptyObject]
    XCTAssertEqual(
      try JSONWriter().string(JSONValue(state)), #"{"contacts":[],"destination":{},"path":[]}"#)
    XCTAssertEqual(DataValue(try JSONParser().parse(#"{"path":[]}"#)), ["path": .array([])])
  }

  func testJSONNullFieldsAreLeftOutOfTables() {
    let json: JSONValue = ["destination": nil, "count": 2, "names": ["a", "b"]]
    XCTAssertEqual(DataValue(json), ["count": 2, "names": ["a", "b"]])
  }

  func testRoundTripOfStateLikeValues() {
    let value: DataValue = [
      "contacts": [["id": "00000000-0000-0000-0000-000000000000", "name": "Blob"]]
    ]
    XCTAssertEqual(DataValue(JSONValue(value)), value)
  }
}

final class StatePathTests: XCTestCase {
  private let state: DataValue = [
    "contacts": [["name": "Blob"], ["name": "Blob Jr."]],
    "destination": ["counter": ["count": 3]],
  ]

  func testDottedFieldsAndOneBasedPositions() throws {
    XCTAssertEqual(try StatePath.select("destination.counter.count", in: state), 3)
    XCTAssertEqual(try StatePath.select("contacts[2].name", in: state), "Blob Jr.")
    XCTAssertEqual(try StatePath.select("contacts.1.name", in: state), "Blob")
  }

  func testAMissingPlaceNamesWhereTheWalkStopped() {
    XCTAssertThrowsError(try StatePath.select("destination.sheet.count", in: state)) { error in
      XCTAssertEqual(
        (error as? RPCError)?.message, "the state has nothing at destination.sheet")
      XCTAssertEqual((error as? RPCError)?.code, .invalidParams)
    }
  }
}
