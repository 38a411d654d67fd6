import NavValue
import XCTest

final class DataValueTests: XCTestCase {
  func testLiterals() {
    XCTAssertEqual(nil as DataValue, .null)
    XCTAssertEqual(true as DataValue, .bool(true))
    XCTAssertEqual(3 as DataValue, .integer(3))
    XCTAssertEqual(2.5 as DataValue, .number(2.5))
    XCTAssertEqual("s" as DataValue, .string("s"))
    XCTAssertEqual([1, "a"] as DataValue, .array([.integer(1), .string("a")]))
    XCTAssertEqual(["a": 1] as DataValue, .object(["a": .integer(1)]))
    XCTAssertEqual([:] as DataValue, .emptyObject)
  }

  func testIntegerAndFloatAreDistinct() {
    XCTAssertNotEqual(DataValue.integer(1), .number(1))
    let keys: Set<DataValue> = [.integer(1), .number(1), "1", true]
    XCTAssertEqual(keys.count, 4)
  }

  /// The distinction a Lua table cannot make, and the wire needs: an empty stack is `[]`.
  func testEmptyArrayAndEmptyObjectAreDistinct() {
    XCTAssertNotEqual(DataValue.array([]), .object([:]))
    XCTAssertEqual(DataValue.array([]).kind, "array")
    XCTAssertEqual(DataValue.object([:]).kind, "object")
    XCTAssertTrue(DataValue.array([]).isEmptyContainer)
    XCTAssertTrue(DataValue.emptyObject.isEmptyContainer)
    XCTAssertFalse(DataValue.array([.null]).isEmptyContainer)
    XCTAssertFalse(DataValue.string("").isEmptyContainer)
  }

  func testKinds() {
    XCTAssertEqual(DataValue.null.kind, "null")
    XCTAssertEqual(DataValue.bool(false).kind, "boolean")
    XCTAssertEqual(DataValue.integer(1).kind, "number")
    XCTAssertEqual(DataValue.number(1).kind, "number")
    XCTAssertEqual(DataValue.string("").kind, "string")
  }

  func testSubscripts() {
    let object: DataValue = ["name": "Blob", "1": "one"]
    XCTAssertEqual(object["name"], "Blob")
    XCTAssertEqual(object["missing"], .null)
    XCTAssertEqual(object["1"], "one")
    XCTAssertEqual(object[1], .null, "an object has no positions")
    let array: DataValue = ["a", "b"]
    XCTAssertEqual(array[1], "a", "positions count from 1, as scripts count")
    XCTAssertEqual(array[2], "b")
    XCTAssertEqual(array[0], .null)
    XCTAssertEqual(array[3], .null)
    XCTAssertEqual(array[-1], .null)
    XCTAssertEqual(array["1"], .null, "an array has no fields")
    XCTAssertEqual(DataValue.string("text")["name"], .null)
    let nested: DataValue = ["user": ["tags": ["x", "y"]]]
    XCTAssertEqual(nested["user"]["tags"][2], "y")
  }

  // MARK: - Description

  func testDescriptionOfScalars() {
    XCTAssertEqual(DataValue.null.description, "nil")
    XCTAssertEqual(DataValue.bool(true).description, "true")
    XCTAssertEqual(DataValue.bool(false).description, "false")
    XCTAssertEqual(DataValue.integer(Int.min).description, "math.mininteger")
    XCTAssertEqual(DataValue.integer(Int.min + 1).description, "-9223372036854775807")
    XCTAssertEqual(DataValue.number(2.5).description, "2.5")
    XCTAssertEqual(DataValue.number(2).description, "2.0")
    XCTAssertEqual(DataValue.number(.nan).description, "0/0")
    XCTAssertEqual(DataValue.number(.infinity).description, "math.huge")
    XCTAssertEqual(DataValue.number(-.infinity).description, "-math.huge")
    XCTAssertEqual(DataValue.string("Blob").description, "\"Blob\"")
    XCTAssertEqual(
      DataValue.string("q\"b\\n\nt\tr\r\u{7}é").description, "\"q\\\"b\\\\n\\nt\\tr\\r\\007é\"")
  }

  func testDescriptionOfContainers() {
    XCTAssertEqual(DataValue.emptyObject.description, "{}")
    XCTAssertEqual(DataValue.array([]).description, "{}")
    XCTAssertEqual(
      (["name": "Blob", "count": 1] as DataValue).description, "{ count = 1, name = \"Blob\" }")
    XCTAssertEqual(([1, [2, 3]] as DataValue).description, "{ 1, { 2, 3 } }")
    XCTAssertEqual(
      (["end": true, "my key": 1, "_ok9": 2, "9lives": 3, "café": 4] as DataValue).description,
      "{ [\"9lives\"] = 3, _ok9 = 2, [\"café\"] = 4, [\"end\"] = true, [\"my key\"] = 1 }")
  }

  func testFormattedIndentsNestedContainers() {
    let value: DataValue = ["path": [["id": 0]], "count": 1]
    XCTAssertEqual(
      value.formatted,
      """
      {
        count = 1,
        path = {
          {
            id = 0
          }
        }
      }
      """)
  }
}
