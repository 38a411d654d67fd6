import NavProtocol
import XCTest

final class JSONParserTests: XCTestCase {
  private func parse(_ text: String) throws -> JSONValue {
    try JSONParser().parse(text)
  }

  private func parse(bytes: [UInt8]) throws -> JSONValue {
    try JSONParser().parse(bytes)
  }

  private func assertRejects(
    _ text: String, offset: Int? = nil, _ message: String? = nil, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    assertRejects(bytes: Array(text.utf8), offset: offset, message, file: file, line: line)
  }

  private func assertRejects(
    bytes: [UInt8], offset: Int? = nil, _ message: String? = nil, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    do {
      let value = try JSONParser().parse(bytes)
      XCTFail("Accepted \(bytes) as \(value)", file: file, line: line)
    } catch {
      if let offset { XCTAssertEqual(error.offset, offset, file: file, line: line) }
      if let message { XCTAssertEqual(error.message, message, file: file, line: line) }
    }
  }

  // MARK: - Accepting

  func testScalars() throws {
    XCTAssertEqual(try parse("null"), .null)
    XCTAssertEqual(try parse("true"), .bool(true))
    XCTAssertEqual(try parse("false"), .bool(false))
    XCTAssertEqual(try parse("0"), .integer(0))
    XCTAssertEqual(try parse("-12"), .integer(-12))
    XCTAssertEqual(try parse("\"x\""), .string("x"))
    XCTAssertEqual(try parse(" \t\r\n 7 \t\r\n "), .integer(7))
  }

  func testStructures() throws {
    XCTAssertEqual(try parse("[]"), .array([]))
    XCTAssertEqual(try parse("{}"), .object([:]))
    XCTAssertEqual(try parse("[ 1 , [ ] , { } ]"), [1, [], [:]])
    let object = try parse(#"{"b": 1, "a": {"c": [null, true]}, "": 0}"#)
    XCTAssertEqual(object, ["b": 1, "a": ["c": [nil, true]], "": 0])
    XCTAssertEqual(object.objectValue?.keys, ["b", "a", ""], "members keep their order")
  }

  func testDuplicateKeysKeepLastValueAtFirstPosition() throws {
    let object = try parse(#"{"a":1,"b":2,"a":3}"#)
    XCTAssertEqual(object.objectValue?.keys, ["a", "b"])
    XCTAssertEqual(object["a"], 3)
  }

  func testNumbers() throws {
    XCTAssertEqual(try parse("[-0]"), [.number(-0.0)])
    XCTAssertEqual(try parse("-0")["x"], nil)
    XCTAssertEqual(try parse("-0").doubleValue?.sign, .minus, "-0 keeps its sign")
    XCTAssertEqual(try parse("1.0"), .number(1.0))
    XCTAssertEqual(try parse("1E22"), .number(1e22))
    XCTAssertEqual(try parse("1e-2"), .number(0.01))
    XCTAssertEqual(try parse("1E+2"), .number(100))
    XCTAssertEqual(try parse("0.5"), .number(0.5))
    XCTAssertEqual(try parse("123e65"), .number(123e65))
    XCTAssertEqual(try parse("-1.5e-3"), .number(-0.0015))
    XCTAssertEqual(try parse("1e-400"), .number(0), "underflow rounds to zero")
    XCTAssertEqual(try parse("9223372036854775807"), .integer(Int.max))
    XCTAssertEqual(try parse("-9223372036854775808"), .integer(Int.min))
    // Integers beyond Int, and numbers beyond Double's range, are kept as written: valid JSON
    // (an id must be echoed exactly; a method names the parameter that is out of range).
    XCTAssertEqual(try parse("9223372036854775808"), .largeNumber("9223372036854775808"))
    XCTAssertEqual(try parse("-9223372036854775809"), .largeNumber("-9223372036854775809"))
    XCTAssertEqual(
      try parse("100000000000000000000000"), .largeNumber("100000000000000000000000"))
    XCTAssertEqual(try parse("[1e400]"), .array([.largeNumber("1e400")]))
    XCTAssertEqual(try parse("-1e999999"), .largeNumber("-1e999999"))
    XCTAssertEqual(
      try parse("123456789012345678901234567890e999"),
      .largeNumber("123456789012345678901234567890e999"))
    XCTAssertEqual(try parse("1e400").doubleValue, nil, "no finite double holds it")
    XCTAssertEqual(try parse("1e400").typeName, "number")
    XCTAssertEqual(try parse("0.1"), .number(0.1))
    XCTAssertEqual(try parse("1.7976931348623157e308"), .number(.greatestFiniteMagnitude))
  }

  func testStringEscapes() throws {
    XCTAssertEqual(try parse(#""\"\\\/\b\f\n\r\t""#), "\"\\/\u{8}\u{C}\n\r\t")
    XCTAssertEqual(try parse(#""\u0000""#), "\u{0}")
    XCTAssertEqual(try parse(#""\u00e9\u00E9""#), "éé")
    XCTAssertEqual(try parse(#""\u20AC""#), "€")
    XCTAssertEqual(try parse(#""\ud834\udd1e""#), "𝄞", "a surrogate pair is one scalar")
    XCTAssertEqual(try parse(#""\uD83D\uDE42 ok""#), "🙂 ok")
    XCTAssertEqual(try parse(#""a\nb" "#), "a\nb")
    XCTAssertEqual(try parse(#""prefix \u0041 suffix é""#), "prefix A suffix é")
    XCTAssertEqual(try parse(#""\u2028\u2029""#), "\u{2028}\u{2029}")
  }

  func testRawUTF8() throws {
    XCTAssertEqual(try parse("\"é€𝄞\u{7F}\""), "é€𝄞\u{7F}")
    XCTAssertEqual(try parse(bytes: [0x22, 0xF4, 0x8F, 0xBF, 0xBF, 0x22]), "\u{10FFFF}")
    XCTAssertEqual(try parse(bytes: [0x22, 0xEF, 0xBF, 0xBF, 0x22]), "\u{FFFF}")
  }

  func testInputForms() throws {
    let text = #"{"a":[1,"é"]}"#
    let expected: JSONValue = ["a": [1, "é"]]
    XCTAssertEqual(try JSONParser().parse(text), expected)
    XCTAssertEqual(try JSONParser().parse(Array(text.utf8)), expected)
    XCTAssertEqual(try JSONParser().parse(Array(text.utf8)[...]), expected)
    XCTAssertEqual(
      try JSONParser().parse(("xx" + text + "yy").dropFirst(2).dropLast(2).utf8), expected)
    XCTAssertEqual(try JSONParser().parse(text.utf8), expected)
    let viaBuffer = try Array(text.utf8).withUnsafeBytes { try JSONParser().parse($0) }
    XCTAssertEqual(viaBuffer, expected)
    XCTAssertEqual(try JSONValue(parsing: text), expected)
    XCTAssertEqual(try JSONValue(parsing: Array(text.utf8)), expected)
  }

  func testDepthLimit() throws {
    let parser = JSONParser(maximumDepth: 128)
    let deepest = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
    XCTAssertNoThrow(try parser.parse(deepest))
    let tooDeep = String(repeating: "[", count: 129) + String(repeating: "]", count: 129)
    XCTAssertThrowsError(try parser.parse(tooDeep)) { error in
      XCTAssertEqual(
        error as? JSONParseError,
        JSONParseError("Arrays and objects are nested deeper than 128 levels.", offset: 128))
    }
    let objects =
      String(repeating: #"{"a":"#, count: 129) + "1" + String(repeating: "}", count: 129)
    XCTAssertThrowsError(try parser.parse(objects))
    XCTAssertNoThrow(try JSONParser(maximumDepth: 200).parse(tooDeep))
  }

  func testTenThousandOpenBracketsIsAnErrorNotACrash() {
    assertRejects(
      String(repeating: "[", count: 10_000), offset: 128,
      "Arrays and objects are nested deeper than 128 levels.")
    assertRejects(String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000))
    assertRejects(String(repeating: "{\"a\":", count: 10_000))
  }

  // MARK: - Rejecting

  func testRejectsTrailingCommas() {
    assertRejects("[1,]", offset: 3, "Expected a value, found ']'.")
    assertRejects(#"{"a":1,}"#, offset: 7, "Expected a string key in an object, found '}'.")
    assertRejects("[,]", offset: 1)
    assertRejects("[1,,2]", offset: 3)
  }

  func testRejectsSingleQuotesAndBareWords() {
    assertRejects("['a']", offset: 1, "Expected a value, found '''.")
    assertRejects("{'a':1}", offset: 1, "Expected a string key in an object, found '''.")
    assertRejects("{a:1}", offset: 1)
    assertRejects("{1:1}", offset: 1)
    assertRejects("[tru]", offset: 1, "Expected a value, found 't'.")
    assertRejects("[True]", offset: 1)
    assertRejects("nul", offset: 0)
    assertRejects("[NaN]", offset: 1)
    assertRejects("[Infinity]", offset: 1)
    assertRejects("[-Infinity]", offset: 2, "Expected a digit after '-', found 'I'.")
    assertRejects("undefined", offset: 0)
  }

  func testRejectsControlCharactersInStrings() {
    assertRejects(
      bytes: [0x5B, 0x22, 0x61, 0x01, 0x22, 0x5D], offset: 3,
      "Control character 0x01 must be escaped in a string.")
    assertRejects("[\"a\tb\"]", offset: 3, "Control character 0x09 must be escaped in a string.")
    assertRejects("[\"a\nb\"]", offset: 3)
    assertRejects(
      "[\"a\\n\u{0}\"]", offset: 5, "Control character 0x00 must be escaped in a string.")
  }

  func testRejectsBadEscapes() {
    assertRejects(#"["\x"]"#, offset: 2, "Unknown escape '\\x' in a string.")
    assertRejects(
      #"["\u12"]"#, offset: 6, "Expected four hexadecimal digits after '\\u', found '\"'.")
    assertRejects(#"["\uZZZZ"]"#, offset: 4)
    assertRejects(#"["\"#, offset: 3)
    assertRejects(#"["\'"]"#, offset: 2)
  }

  func testRejectsLoneSurrogates() {
    let high = "A high surrogate escape is not followed by a low surrogate escape."
    assertRejects(#"["\ud800"]"#, offset: 2, high)
    assertRejects(#"["\ud800x"]"#, offset: 2, high)
    assertRejects(#"["\ud800\u0041"]"#, offset: 2, high)
    assertRejects(#"["\ud800\ud800"]"#, offset: 2, high)
    assertRejects(#"["\ud800\n"]"#, offset: 2, high)
    assertRejects(
      #"["ab\udc00"]"#, offset: 4, "A low surrogate escape does not follow a high surrogate escape."
    )
    assertRejects(#"["\uDFFF\uD800"]"#, offset: 2)
  }

  func testRejectsInvalidUTF8() {
    assertRejects(
      bytes: [0x22, 0xFF, 0x22], offset: 1, "Invalid UTF-8: byte 0xFF cannot start a character.")
    assertRejects(
      bytes: [0x22, 0x80, 0x22], offset: 1, "Invalid UTF-8: byte 0x80 cannot start a character.")
    // Overlong encodings.
    assertRejects(bytes: [0x22, 0xC0, 0xAF, 0x22], offset: 1)
    assertRejects(bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22], offset: 2)
    assertRejects(bytes: [0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], offset: 2)
    // UTF-16 surrogates encoded in UTF-8.
    assertRejects(
      bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], offset: 2,
      "Invalid UTF-8: byte 0xA0 cannot continue a character.")
    // Beyond U+10FFFF.
    assertRejects(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], offset: 2)
    assertRejects(bytes: [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], offset: 1)
    // Truncated sequences.
    assertRejects(bytes: [0x22, 0xE2, 0x82, 0x22], offset: 3)
    assertRejects(
      bytes: [0x22, 0xE2, 0x82], offset: 3,
      "Invalid UTF-8: a character is cut off by the end of the input.")
    // Invalid bytes after an escape, in a key, and outside strings.
    assertRejects(bytes: Array(#"["\n"#.utf8) + [0xFE, 0x22, 0x5D], offset: 4)
    assertRejects(bytes: [0x7B, 0x22, 0xC3, 0x22, 0x3A, 0x31, 0x7D], offset: 3)
    assertRejects(bytes: [0x5B, 0xFF, 0x5D], offset: 1, "Expected a value, found byte 0xFF.")
    // A byte order mark is not JSON.
    assertRejects(bytes: [0xEF, 0xBB, 0xBF, 0x5B, 0x5D], offset: 0)
  }

  func testRejectsBadNumbers() {
    assertRejects("[01]", offset: 1, "A number must not have leading zeros.")
    assertRejects("[-01]", offset: 1, "A number must not have leading zeros.")
    assertRejects("[00]", offset: 1)
    assertRejects("007", offset: 0)
    assertRejects("[1.]", offset: 3, "Expected a digit after the decimal point, found ']'.")
    assertRejects("[.5]", offset: 1)
    assertRejects("[1e]", offset: 3, "Expected a digit in the exponent, found ']'.")
    assertRejects("[1e+]", offset: 4)
    assertRejects("[+1]", offset: 1)
    assertRejects("[-]", offset: 2)
    assertRejects("[0x10]", offset: 2, "Expected ',' or ']' in an array, found 'x'.")
    assertRejects("[1.5e1.2]", offset: 6)
  }

  func testRejectsTrailingGarbageAndTruncation() {
    assertRejects("", offset: 0, "Expected a value, found the end of the input.")
    assertRejects("   ", offset: 3)
    assertRejects("[1]x", offset: 3, "Expected the end of the input after the value, found 'x'.")
    assertRejects("[1]]", offset: 3)
    assertRejects("{}{}", offset: 2)
    assertRejects("1 2", offset: 2)
    assertRejects("[1 2]", offset: 3)
    assertRejects("[", offset: 1)
    assertRejects("[1", offset: 2, "Expected ',' or ']' in an array, found the end of the input.")
    assertRejects(#"{"a""#, offset: 4)
    assertRejects(#"{"a"}"#, offset: 4, "Expected ':' after an object key, found '}'.")
    assertRejects(#"{"a":}"#, offset: 5)
    assertRejects(#"{"a":1"#, offset: 6)
    assertRejects(
      #"["abc"#, offset: 5, "Expected '\"' to end a string, found the end of the input.")
    assertRejects("/* c */ []", offset: 0)
    assertRejects("[] // c", offset: 3)
    assertRejects(
      "[1]\u{0}", offset: 3, "Expected the end of the input after the value, found byte 0x00.")
  }

  func testErrorDescriptionNamesTheOffset() {
    XCTAssertEqual(
      JSONParseError("Expected a value, found ']'.", offset: 3).description,
      "Invalid JSON at byte 3: Expected a value, found ']'.")
  }
}
