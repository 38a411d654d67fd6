import NavProtocol
import XCTest

final class JSONWriterTests: XCTestCase {
  private func write(_ value: JSONValue, sortedKeys: Bool = false) throws -> String {
    try JSONWriter(sortedKeys: sortedKeys).string(value)
  }

  func testScalars() throws {
    XCTAssertEqual(try write(nil), "null")
    XCTAssertEqual(try write(true), "true")
    XCTAssertEqual(try write(false), "false")
    XCTAssertEqual(try write(0), "0")
    XCTAssertEqual(try write(7), "7")
    XCTAssertEqual(try write(-7), "-7")
    XCTAssertEqual(try write(1234567890), "1234567890")
    XCTAssertEqual(try write(.integer(.max)), "9223372036854775807")
    XCTAssertEqual(try write(.integer(.min)), "-9223372036854775808")
    XCTAssertEqual(try write("hi"), #""hi""#)
  }

  func testDoublesUseShortestRoundTripForm() throws {
    XCTAssertEqual(try write(0.1), "0.1")
    XCTAssertEqual(try write(2.0), "2.0")
    XCTAssertEqual(try write(-0.0), "-0.0")
    XCTAssertEqual(try write(1e-7), "1e-07")
    XCTAssertEqual(try write(1.5e300), "1.5e+300")
    XCTAssertEqual(try write(123.456), "123.456")
    XCTAssertEqual(try write(.number(.leastNonzeroMagnitude)), "5e-324")
    XCTAssertEqual(try write(.number(1.0 / 3.0)), "0.3333333333333333")
    for text in ["0.1", "2.0", "-0.0", "1e-07", "1.5e+300", "5e-324", "0.3333333333333333"] {
      XCTAssertEqual(
        try JSONValue(parsing: try write(JSONValue(parsing: text))), try JSONValue(parsing: text))
    }
  }

  func testNonFiniteNumbersAreRejectedByDefault() {
    for number in [Double.nan, .infinity, -.infinity] {
      XCTAssertThrowsError(try JSONWriter().bytes([1, .number(number)])) { error in
        XCTAssertEqual(
          error as? JSONWriteError,
          JSONWriteError("The number \(number) cannot be written as JSON."))
      }
    }
    XCTAssertEqual(
      try JSONWriter(nonFiniteNumbers: .null).string([.number(.nan), .number(-.infinity), 1]),
      "[null,null,1]")
  }

  func testStringEscapes() throws {
    XCTAssertEqual(try write("a\"b\\c/d"), #""a\"b\\c/d""#, "'/' is not escaped")
    XCTAssertEqual(try write("\n\r\t\u{8}\u{C}"), #""\n\r\t\b\f""#)
    XCTAssertEqual(try write("\u{0}\u{1}\u{1F}\u{7F}"), "\"\\u0000\\u0001\\u001f\u{7F}\"")
    XCTAssertEqual(try write("é€𝄞🙂"), "\"é€𝄞🙂\"", "non-ASCII is written as UTF-8")
    XCTAssertEqual(try write("\u{2028}"), "\"\u{2028}\"")
    XCTAssertEqual(try write(["a\nb": "c\nd"]), #"{"a\nb":"c\nd"}"#)
  }

  func testOutputIsOneLine() throws {
    var rng = SeededGenerator(seed: 7)
    for _ in 0..<300 {
      let bytes = try JSONWriter().bytes(RandomJSON.value(using: &rng))
      XCTAssertFalse(bytes.contains(0x0A))
      XCTAssertFalse(bytes.contains(0x0D))
    }
  }

  func testLineIsTheValueAndOneNewline() throws {
    let value: JSONValue = ["jsonrpc": "2.0", "id": 1, "result": ["text": "a\nb"]]
    XCTAssertEqual(
      String(decoding: try JSONWriter().line(value), as: UTF8.self),
      #"{"jsonrpc":"2.0","id":1,"result":{"text":"a\nb"}}"# + "\n")
  }

  func testStructures() throws {
    XCTAssertEqual(try write([]), "[]")
    XCTAssertEqual(try write([:]), "{}")
    XCTAssertEqual(try write([1, [2, [3]], ["a": []]]), #"[1,[2,[3]],{"a":[]}]"#)
    XCTAssertEqual(try write(["z": 1, "a": 2, "m": [3]]), #"{"z":1,"a":2,"m":[3]}"#)
  }

  func testSortedKeys() throws {
    let value: JSONValue = ["z": 1, "a": ["y": 2, "b": 3], "B": 4, "é": 5, "": 6]
    XCTAssertEqual(
      try write(value, sortedKeys: true), #"{"":6,"B":4,"a":{"b":3,"y":2},"z":1,"é":5}"#)
  }

  func testAppendsToExistingOutput() throws {
    var output = Array("prefix ".utf8)
    try JSONWriter().write(["a": 1], into: &output)
    output.append(0x0A)
    XCTAssertEqual(String(decoding: output, as: UTF8.self), "prefix {\"a\":1}\n")
  }

  func testConveniences() throws {
    XCTAssertEqual(try JSONValue.array([1, "x"]).jsonString(), #"[1,"x"]"#)
    XCTAssertEqual(try JSONValue.array([1, "x"]).jsonBytes(), Array(#"[1,"x"]"#.utf8))
  }

  // MARK: - Round trips

  func testParseThenWriteGivesTheCanonicalText() throws {
    let cases: [(String, String)] = [
      (
        #"{ "a" : [ 1 , 2.50 , -0 , 1E2 ] , "b" : "\u0041\/" }"#,
        #"{"a":[1,2.5,-0.0,100.0],"b":"A/"}"#
      ),
      (#"["\ud834\udd1e", "\u00e9", "\u0007"]"#, "[\"𝄞\",\"é\",\"\\u0007\"]"),
      ("[true,false,null]", "[true,false,null]"),
      (#"{"":{"":[]}}"#, #"{"":{"":[]}}"#),
      ("9223372036854775808", "9223372036854775808"),
      ("[1e999999, -18446744073709551616]", "[1e999999,-18446744073709551616]"),
      ("[1e-7, 0.1, 5e-324]", "[1e-07,0.1,5e-324]"),
    ]
    for (input, expected) in cases {
      XCTAssertEqual(try JSONWriter().string(JSONValue(parsing: input)), expected, input)
    }
  }

  func testWriteThenParseGivesTheSameValue() throws {
    var rng = SeededGenerator(seed: 42)
    for _ in 0..<500 {
      let value = RandomJSON.value(depth: 5, using: &rng)
      let text = try JSONWriter().bytes(value)
      let parsed = try JSONParser().parse(text)
      XCTAssertEqual(parsed, value)
      XCTAssertEqual(try JSONWriter().bytes(parsed), text, "writing is deterministic and ordered")
      XCTAssertEqual(parsed.objectValue?.keys, value.objectValue?.keys)
    }
  }
}
