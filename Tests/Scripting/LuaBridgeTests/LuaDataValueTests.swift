import LuaBridge
import NavValue
import XCTest

/// Values across the Lua edge: what a table becomes, and what a value's printed form reads back
/// as.
final class LuaDataValueTests: XCTestCase {
  func testDescriptionReadsBackInLua() throws {
    let state = LuaState()
    let value: DataValue = [
      "list": ["a", 2.5, -7, [true]],
      "end": "keyword", "with space": ["nested": "q\"uote\\"], "x": .number(3),
    ]
    XCTAssertEqual(try state.run("return " + value.description), [value])
  }

  func testDescriptionOfControlCharactersReadsBackInLua() throws {
    let state = LuaState()
    let value: DataValue = "a\u{1}2\u{0}9"
    let read = try state.run("return " + value.description)
    XCTAssertEqual(
      read, [value],
      "description \(value.description) reads back as \(read.map(\.description)): a decimal "
        + "escape followed by a digit must be 3 digits")
  }

  /// An empty array goes into Lua as an empty table, which reads back as an empty object: Lua
  /// cannot tell them apart, and the decoder reads either as either.
  func testEmptyArrayComesBackFromLuaAsAnEmptyTable() throws {
    let state = LuaState()
    state.stack.push(DataValue.array([]))
    XCTAssertEqual(try state.stack.value(at: -1), .emptyObject)
  }

  /// `lua_rawlen` gives a border, not a sequence: a table with a hole reads as an object, with
  /// no field for the hole (found by `scripts/fuzz lua-decoder`'s Lua-edge check).
  func testASequenceWithAHoleIsAnObject() throws {
    let state = LuaState()
    XCTAssertEqual(
      try state.run("return { [1] = 'a', [2] = 'b', [4] = 'd' }"), [["1": "a", "2": "b", "4": "d"]])
    XCTAssertEqual(
      try state.run("return { [1] = 'a', [2] = 'b', [4] = 'd', x = 1 }"),
      [["1": "a", "2": "b", "4": "d", "x": 1]])
    XCTAssertEqual(
      try state.run("return { 'a', nil, 'c', ['2'] = 'd' }"), [["1": "a", "2": "d", "3": "c"]])
  }

  /// Two Lua strings that are not UTF-8 can read as one Swift string; that is an error, not a
  /// field silently lost.
  func testKeysThatReadAsOneStringAreAnError() {
    let state = LuaState()
    XCTAssertThrowsError(try state.run(#"return { ["\xff"] = 1, ["\xfe"] = 2 }"#)) { error in
      XCTAssertTrue("\(error)".contains("two keys that read as"), "\(error)")
    }
  }

  func testTheSmallestIntegerReadsBackAsAnInteger() throws {
    let state = LuaState()
    let value = DataValue.integer(.min)
    XCTAssertEqual(try state.run("return " + value.description), [value])
  }
}
