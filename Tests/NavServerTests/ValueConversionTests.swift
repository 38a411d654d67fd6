// JSON on the wire ⇄ the value model's Lua values.

import LuaBridge
import NavProtocol
import XCTest

@testable import NavServer

final class ValueConversionTests: XCTestCase {
  func testSequencesBecomeArraysAndTablesObjects() {
    let value: LuaValue = [
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

  func testAnEmptyTableIsAnEmptyObjectAndNonFiniteNumbersNull() {
    XCTAssertEqual(JSONValue(LuaValue.table(LuaTable())), .object([:]))
    XCTAssertEqual(JSONValue(LuaValue.number(.infinity)), .null)
  }

  func testJSONNullFieldsAreLeftOutOfTables() {
    let json: JSONValue = ["destination": nil, "count": 2, "names": ["a", "b"]]
    XCTAssertEqual(LuaValue(json), ["count": 2, "names": ["a", "b"]])
  }

  func testRoundTripOfStateLikeValues() {
    let value: LuaValue = [
      "contacts": [["id": "00000000-0000-0000-0000-000000000000", "name": "Blob"]]
    ]
    XCTAssertEqual(LuaValue(JSONValue(value)), value)
  }
}

final class StatePathTests: XCTestCase {
  private let state: LuaValue = [
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
