import NavProtocol
import XCTest

final class JSONPointerTests: XCTestCase {
  /// RFC 6901, section 5.
  func testRFC6901Examples() throws {
    let document = json(
      #"{"foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5, "k\"l": 6, " ": 7, "m~n": 8}"#
    )
    let cases: [(String, JSONValue)] = [
      ("", document), ("/foo", ["bar", "baz"]), ("/foo/0", "bar"), ("/", 0), ("/a~1b", 1),
      ("/c%d", 2), ("/e^f", 3), ("/g|h", 4), ("/i\\j", 5), ("/k\"l", 6), ("/ ", 7), ("/m~0n", 8),
    ]
    for (text, expected) in cases {
      XCTAssertEqual(try JSONPointer(parsing: text).resolve(in: document), expected, text)
    }
  }

  func testEscaping() throws {
    XCTAssertEqual(try JSONPointer(parsing: "/a~1b/m~0n/~01").tokens, ["a/b", "m~n", "~1"])
    XCTAssertEqual(
      JSONPointer(tokens: ["a/b", "m~n", "~1", "", "0"]).description, "/a~1b/m~0n/~01//0")
    XCTAssertEqual(try JSONPointer(parsing: "").tokens, [])
    XCTAssertEqual(try JSONPointer(parsing: "/").tokens, [""])
    XCTAssertEqual(try JSONPointer(parsing: "//").tokens, ["", ""])
    XCTAssertEqual(try JSONPointer(parsing: "/é/€").tokens, ["é", "€"])
    for tokens in [["~"], ["/"], ["~0"], ["~/~/"], ["a", "", "b"]] {
      let pointer = JSONPointer(tokens: tokens)
      XCTAssertEqual(try JSONPointer(parsing: pointer.description), pointer)
    }
  }

  func testInvalidPointers() {
    for (text, message) in [
      ("a", #"The JSON pointer "a" must be empty or start with '/'."#),
      ("/a~", #"The JSON pointer "/a~" has a '~' that is not followed by '0' or '1'."#),
      ("/a~2", #"The JSON pointer "/a~2" has a '~' that is not followed by '0' or '1'."#),
    ] {
      XCTAssertThrowsError(try JSONPointer(parsing: text)) { error in
        XCTAssertEqual((error as? JSONPatchError)?.message, message)
      }
    }
  }

  func testResolve() {
    let document: JSONValue = ["a": [10, ["b": nil]]]
    XCTAssertEqual(JSONPointer(tokens: ["a", "1", "b"]).resolve(in: document), .null)
    XCTAssertNil(JSONPointer(tokens: ["a", "2"]).resolve(in: document))
    XCTAssertNil(JSONPointer(tokens: ["a", "01"]).resolve(in: document), "no leading zeros")
    XCTAssertNil(JSONPointer(tokens: ["a", "-"]).resolve(in: document))
    XCTAssertNil(JSONPointer(tokens: ["a", "-1"]).resolve(in: document))
    XCTAssertNil(JSONPointer(tokens: ["a", "0", "x"]).resolve(in: document))
    XCTAssertNil(JSONPointer(tokens: ["z"]).resolve(in: document))
  }

  func testBuildingPointers() {
    let pointer = JSONPointer.root.appending("a").appending(3)
    XCTAssertEqual(pointer.tokens, ["a", "3"])
    XCTAssertTrue(JSONPointer.root.isRoot)
    XCTAssertFalse(pointer.isRoot)
    XCTAssertTrue(JSONPointer(tokens: ["a"]).isProperPrefix(of: pointer))
    XCTAssertFalse(pointer.isProperPrefix(of: pointer))
    XCTAssertFalse(JSONPointer(tokens: ["b"]).isProperPrefix(of: pointer))
  }
}
