import LuaBridge
import XCTest

final class LuaValueTests: XCTestCase {
  func testLiterals() {
    XCTAssertEqual(nil as LuaValue, .null)
    XCTAssertEqual(true as LuaValue, .boolean(true))
    XCTAssertEqual(3 as LuaValue, .integer(3))
    XCTAssertEqual(2.5 as LuaValue, .number(2.5))
    XCTAssertEqual("s" as LuaValue, .string("s"))
    XCTAssertEqual([1, "a"] as LuaValue, .table(LuaTable(array: [.integer(1), .string("a")])))
    XCTAssertEqual(["a": 1] as LuaValue, .table(LuaTable(fields: ["a": .integer(1)])))
    XCTAssertEqual([:] as LuaValue, .table(LuaTable()))
  }

  func testIntegerAndFloatAreDistinct() {
    XCTAssertNotEqual(LuaValue.integer(1), .number(1))
    let keys: Set<LuaValue> = [.integer(1), .number(1), "1", true]
    XCTAssertEqual(keys.count, 4)
  }

  func testTypeNames() {
    XCTAssertEqual(LuaValue.null.typeName, "nil")
    XCTAssertEqual(LuaValue.boolean(false).typeName, "boolean")
    XCTAssertEqual(LuaValue.integer(1).typeName, "number")
    XCTAssertEqual(LuaValue.number(1).typeName, "number")
    XCTAssertEqual(LuaValue.string("").typeName, "string")
    XCTAssertEqual(LuaValue.table(LuaTable()).typeName, "table")
  }

  func testSubscripts() {
    let value: LuaValue = .table(
      LuaTable(array: ["a", "b"], fields: ["name": "Blob", "1": "one"]))
    XCTAssertEqual(value["name"], "Blob")
    XCTAssertEqual(value["missing"], .null)
    XCTAssertEqual(value["1"], "one", "string keys are fields, not positions")
    XCTAssertEqual(value[1], "a")
    XCTAssertEqual(value[2], "b")
    XCTAssertEqual(value[0], .null)
    XCTAssertEqual(value[3], .null)
    XCTAssertEqual(value[-1], .null)
    XCTAssertEqual(LuaValue.string("text")["name"], .null)
    XCTAssertEqual(LuaValue.integer(1)[1], .null)
    let nested: LuaValue = ["user": ["tags": ["x", "y"]]]
    XCTAssertEqual(nested["user"]["tags"][2], "y")
  }

  /// Tables used as keys, nested deep, render each key once (found by `scripts/fuzz
  /// lua-decoder`: keys were rendered inside the sort's comparator, and 14 levels took 90 s).
  func testDeeplyNestedTableKeysRenderInLinearTime() {
    var value: LuaValue = 1
    for level in 0..<40 {
      // Two keys, so each level sorts; the old comparator rendered the nested one twice more.
      value = .table(LuaTable(otherFields: [value: .integer(level), .integer(-level - 1): 0]))
    }
    let text = value.formatted
    XCTAssertTrue(text.hasPrefix("{"))
    XCTAssertTrue(text.contains("[-40] = "))
  }

  func testTableIsEmpty() {
    XCTAssertTrue(LuaTable().isEmpty)
    XCTAssertFalse(LuaTable(array: [.null]).isEmpty)
    XCTAssertFalse(LuaTable(fields: ["a": 1]).isEmpty)
    XCTAssertFalse(LuaTable(otherFields: [true: 1]).isEmpty)
  }

  // MARK: - Description

  func testDescriptionOfScalars() {
    XCTAssertEqual(LuaValue.null.description, "nil")
    XCTAssertEqual(LuaValue.boolean(true).description, "true")
    XCTAssertEqual(LuaValue.boolean(false).description, "false")
    XCTAssertEqual(LuaValue.integer(Int.min).description, "-9223372036854775808")
    XCTAssertEqual(LuaValue.number(2.5).description, "2.5")
    XCTAssertEqual(LuaValue.number(2).description, "2.0")
    XCTAssertEqual(LuaValue.number(.nan).description, "0/0")
    XCTAssertEqual(LuaValue.number(.infinity).description, "math.huge")
    XCTAssertEqual(LuaValue.number(-.infinity).description, "-math.huge")
    XCTAssertEqual(LuaValue.string("Blob").description, "\"Blob\"")
    XCTAssertEqual(
      LuaValue.string("q\"b\\n\nt\tr\r\u{7}é").description, "\"q\\\"b\\\\n\\nt\\tr\\r\\007é\"")
  }

  func testDescriptionOfTables() {
    XCTAssertEqual(LuaValue.table(LuaTable()).description, "{}")
    XCTAssertEqual(
      (["name": "Blob", "count": 1] as LuaValue).description, "{ count = 1, name = \"Blob\" }")
    XCTAssertEqual(
      LuaValue.table(
        LuaTable(
          array: [1, [2, 3]],
          fields: ["end": true, "my key": 1, "_ok9": 2, "9lives": 3, "café": 4],
          otherFields: [.boolean(true): "t", .integer(10): "ten"])
      ).description,
      "{ 1, { 2, 3 }, [\"9lives\"] = 3, _ok9 = 2, [\"café\"] = 4, [\"end\"] = true, "
        + "[\"my key\"] = 1, [10] = \"ten\", [true] = \"t\" }")
  }

  func testDescriptionReadsBackInLua() throws {
    let state = LuaState()
    let value: LuaValue = .table(
      LuaTable(
        array: ["a", 2.5, -7, [true]],
        fields: ["end": "keyword", "with space": ["nested": "q\"uote\\"], "x": .number(3)],
        otherFields: [.boolean(false): "no", .integer(0): "zero", .number(1.5): "f"]))
    XCTAssertEqual(try state.run("return " + value.description), [value])
  }

  func testDescriptionOfControlCharactersReadsBackInLua() throws {
    let state = LuaState()
    let value: LuaValue = "a\u{1}2\u{0}9"
    let read = try state.run("return " + value.description)
    if read != [value] {
      try failForBug(
        "description \(value.description) of \(String(reflecting: "a\u{1}2\u{0}9")) reads back in Lua as "
          + "\(read.map(\.description)): a decimal escape followed by a digit must be 3 digits")
    }
  }
}
