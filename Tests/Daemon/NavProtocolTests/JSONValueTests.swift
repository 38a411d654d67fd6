import NavProtocol
import XCTest

final class JSONValueTests: XCTestCase {
  func testLiterals() {
    XCTAssertEqual(nil as JSONValue, .null)
    XCTAssertEqual(true as JSONValue, .bool(true))
    XCTAssertEqual(3 as JSONValue, .integer(3))
    XCTAssertEqual(2.5 as JSONValue, .number(2.5))
    XCTAssertEqual("s" as JSONValue, .string("s"))
    XCTAssertEqual("n\(1)" as JSONValue, .string("n1"))
    XCTAssertEqual([1, "a"] as JSONValue, .array([.integer(1), .string("a")]))
    XCTAssertEqual(["a": 1] as JSONValue, .object(JSONObject([("a", .integer(1))])))
    XCTAssertEqual([:] as JSONValue, .object(JSONObject()))
  }

  func testIntegerAndNumberAreDistinct() {
    XCTAssertNotEqual(JSONValue.integer(1), .number(1))
    let values: Set<JSONValue> = [.integer(1), .number(1), "1", true]
    XCTAssertEqual(values.count, 4)
  }

  func testAccessors() {
    let value: JSONValue = [
      "name": "Blob", "count": 2, "ratio": 2.0, "half": 0.5, "list": [1, 2],
      "flag": false, "none": nil,
    ]
    XCTAssertEqual(value["name"]?.stringValue, "Blob")
    XCTAssertEqual(value["count"]?.intValue, 2)
    XCTAssertEqual(value["ratio"]?.intValue, 2)
    XCTAssertNil(value["half"]?.intValue)
    XCTAssertEqual(value["half"]?.doubleValue, 0.5)
    XCTAssertEqual(value["count"]?.doubleValue, 2.0)
    XCTAssertEqual(value["flag"]?.boolValue, false)
    XCTAssertEqual(value["none"], .null)
    XCTAssertEqual(value["none"]?.isNull, true)
    XCTAssertNil(value["missing"])
    XCTAssertEqual(value["list"]?[1], 2)
    XCTAssertNil(value["list"]?[2])
    XCTAssertNil(value["list"]?[-1])
    XCTAssertEqual(value["list"]?.arrayValue, [1, 2])
    XCTAssertEqual(value.objectValue?.count, 7)
    XCTAssertNil(value[0])
    XCTAssertNil(JSONValue.string("x")["name"])
    XCTAssertNil(JSONValue.string("x").intValue)
    XCTAssertEqual(JSONValue.integer(1).typeName, "number")
    XCTAssertEqual(JSONValue.number(1).typeName, "number")
    XCTAssertEqual(JSONValue.null.typeName, "null")
    XCTAssertEqual(JSONValue.bool(true).typeName, "boolean")
    XCTAssertEqual(JSONValue.array([]).typeName, "array")
    XCTAssertEqual(JSONValue.object([:]).typeName, "object")
  }

  func testObjectKeepsInsertionOrder() {
    var object: JSONObject = ["z": 1, "a": 2, "m": 3]
    XCTAssertEqual(object.keys, ["z", "a", "m"])
    object["a"] = 20
    XCTAssertEqual(object.keys, ["z", "a", "m"], "setting an existing key keeps its position")
    XCTAssertEqual(object.values, [1, 20, 3])
    object["b"] = 4
    XCTAssertEqual(object.keys, ["z", "a", "m", "b"])
    XCTAssertEqual(object.removeValue(forKey: "a"), 20)
    XCTAssertNil(object.removeValue(forKey: "a"))
    object["z"] = nil
    XCTAssertEqual(object.keys, ["m", "b"])
    XCTAssertEqual(Array(object.map(\.key)), ["m", "b"])
    XCTAssertEqual(Array(object.map(\.value)), [3, 4])
  }

  func testRepeatedLiteralKeyKeepsLastValueAtFirstPosition() {
    let object = JSONObject([("a", 1), ("b", 2), ("a", 3)])
    XCTAssertEqual(object.keys, ["a", "b"])
    XCTAssertEqual(object["a"], 3)
  }

  func testLargeObjectLookupAndRemovalStayConsistent() {
    var object = JSONObject()
    for index in 0..<100 { object["k\(index)"] = .integer(index) }
    XCTAssertEqual(object.count, 100)
    for index in 0..<100 { XCTAssertEqual(object["k\(index)"], .integer(index)) }
    for index in stride(from: 0, to: 100, by: 3) { object["k\(index)"] = nil }
    XCTAssertEqual(object.count, 66)
    for index in 0..<100 {
      XCTAssertEqual(object["k\(index)"], index % 3 == 0 ? nil : .integer(index), "k\(index)")
      XCTAssertEqual(
        object.position(of: "k\(index)").map { object.keys[$0] },
        index % 3 == 0 ? nil : "k\(index)")
    }
    // Shrink below the indexed size and grow again.
    for key in object.keys.dropFirst(3) { object[key] = nil }
    XCTAssertEqual(object.keys, ["k1", "k2", "k4"])
    for index in 200..<220 { object["k\(index)"] = .integer(index) }
    XCTAssertEqual(object.count, 23)
    XCTAssertEqual(object["k4"], 4)
    XCTAssertEqual(object["k219"], 219)
  }

  func testObjectEqualityAndHashingIgnoreOrder() {
    let left: JSONValue = ["a": 1, "b": [true, nil]]
    let right: JSONValue = ["b": [true, nil], "a": 1]
    XCTAssertEqual(left, right)
    XCTAssertEqual(left.hashValue, right.hashValue)
    XCTAssertNotEqual(left, ["a": 1, "b": [true]])
    XCTAssertNotEqual(left, ["a": 1])
    XCTAssertNotEqual(left, ["a": 1, "c": [true, nil]])
    XCTAssertEqual(Set<JSONValue>([left, right]).count, 1)
  }

  func testDescriptionIsCompactJSON() {
    let value: JSONValue = ["a": [1, 2.5, "x"], "b": nil]
    XCTAssertEqual(value.description, #"{"a":[1,2.5,"x"],"b":null}"#)
    XCTAssertEqual(JSONValue.number(.nan).description, "null")
    XCTAssertEqual((["k": true] as JSONObject).description, #"{"k":true}"#)
  }
}
