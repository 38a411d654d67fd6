import NavProtocol
import XCTest

final class JSONPatchTests: XCTestCase {
  /// Applies the patch written as JSON text to the document written as JSON text.
  private func apply(_ patch: String, to document: String) throws -> JSONValue {
    try JSONPatch.apply(JSONPatch.operations(json: json(patch)), to: json(document))
  }

  private func assertApplies(
    _ patch: String, to document: String, gives expected: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(try apply(patch, to: document), json(expected), file: file, line: line)
  }

  private func assertFails(
    _ patch: String, on document: String, _ message: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try apply(patch, to: document), file: file, line: line) { error in
      XCTAssertEqual((error as? JSONPatchError)?.description, message, file: file, line: line)
    }
  }

  // MARK: - RFC 6902, appendix A

  func testA1AddingAnObjectMember() {
    assertApplies(
      #"[{ "op": "add", "path": "/baz", "value": "qux" }]"#, to: #"{ "foo": "bar"}"#,
      gives: #"{"baz": "qux", "foo": "bar"}"#)
  }

  func testA2AddingAnArrayElement() {
    assertApplies(
      #"[{ "op": "add", "path": "/foo/1", "value": "qux" }]"#, to: #"{ "foo": [ "bar", "baz" ] }"#,
      gives: #"{ "foo": [ "bar", "qux", "baz" ] }"#)
  }

  func testA3RemovingAnObjectMember() {
    assertApplies(
      #"[{ "op": "remove", "path": "/baz" }]"#, to: #"{"baz": "qux", "foo": "bar"}"#,
      gives: #"{ "foo": "bar" }"#)
  }

  func testA4RemovingAnArrayElement() {
    assertApplies(
      #"[{ "op": "remove", "path": "/foo/1" }]"#, to: #"{ "foo": [ "bar", "qux", "baz" ] }"#,
      gives: #"{ "foo": [ "bar", "baz" ] }"#)
  }

  func testA5ReplacingAValue() {
    assertApplies(
      #"[{ "op": "replace", "path": "/baz", "value": "boo" }]"#,
      to: #"{"baz": "qux", "foo": "bar"}"#, gives: #"{"baz": "boo", "foo": "bar"}"#)
  }

  func testA6MovingAValue() {
    assertApplies(
      #"[{ "op": "move", "from": "/foo/waldo", "path": "/qux/thud" }]"#,
      to: #"{"foo": {"bar": "baz", "waldo": "fred"}, "qux": {"corge": "grault"}}"#,
      gives: #"{"foo": {"bar": "baz"}, "qux": {"corge": "grault", "thud": "fred"}}"#)
  }

  func testA7MovingAnArrayElement() {
    assertApplies(
      #"[{ "op": "move", "from": "/foo/1", "path": "/foo/3" }]"#,
      to: #"{ "foo": [ "all", "grass", "cows", "eat" ] }"#,
      gives: #"{ "foo": [ "all", "cows", "eat", "grass" ] }"#)
  }

  func testA8TestingAValueSuccess() {
    assertApplies(
      #"[{ "op": "test", "path": "/baz", "value": "qux" }, { "op": "test", "path": "/foo/1", "value": 2 }]"#,
      to: #"{"baz": "qux", "foo": [ "a", 2, "c" ]}"#,
      gives: #"{"baz": "qux", "foo": [ "a", 2, "c" ]}"#)
  }

  func testA9TestingAValueError() {
    assertFails(
      #"[{ "op": "test", "path": "/baz", "value": "bar" }]"#, on: #"{ "baz": "qux" }"#,
      #"Operation 0: Test failed: the value at "/baz" is "qux", not "bar"."#)
  }

  func testA10AddingANestedMemberObject() {
    assertApplies(
      #"[{ "op": "add", "path": "/child", "value": { "grandchild": { } } }]"#,
      to: #"{ "foo": "bar" }"#,
      gives: #"{"foo": "bar", "child": {"grandchild": {}}}"#)
  }

  func testA11IgnoringUnrecognizedElements() {
    assertApplies(
      #"[{ "op": "add", "path": "/baz", "value": "qux", "xyz": 123 }]"#, to: #"{ "foo": "bar" }"#,
      gives: #"{"foo": "bar", "baz": "qux"}"#)
  }

  func testA12AddingToANonexistentTarget() {
    assertFails(
      #"[{ "op": "add", "path": "/baz/bat", "value": "qux" }]"#, on: #"{ "foo": "bar" }"#,
      #"Operation 0: The path "/baz/bat" does not exist: nothing is at its parent."#)
  }

  func testA14TildeEscapeOrdering() {
    assertApplies(
      #"[{"op": "test", "path": "/~01", "value": 10}]"#, to: #"{"/": 9, "~1": 10}"#,
      gives: #"{"/": 9, "~1": 10}"#)
  }

  func testA15ComparingStringsAndNumbers() {
    assertFails(
      #"[{"op": "test", "path": "/~01", "value": "10"}]"#, on: #"{"/": 9, "~1": 10}"#,
      #"Operation 0: Test failed: the value at "/~01" is 10, not "10"."#)
  }

  func testA16AddingAnArrayValue() {
    assertApplies(
      #"[{ "op": "add", "path": "/foo/-", "value": ["abc", "def"] }]"#, to: #"{ "foo": ["bar"] }"#,
      gives: #"{ "foo": ["bar", ["abc", "def"]] }"#)
  }

  // MARK: - Apply: more cases

  func testRootOperations() {
    assertApplies(#"[{"op":"add","path":"","value":[1]}]"#, to: #"{"a":1}"#, gives: "[1]")
    assertApplies(#"[{"op":"replace","path":"","value":2}]"#, to: "[1]", gives: "2")
    assertFails(
      #"[{"op":"remove","path":""}]"#, on: "[1]", "Operation 0: Cannot remove the whole document.")
  }

  func testCopyAndTest() {
    assertApplies(
      #"[{"op":"copy","from":"/a","path":"/b/0"},{"op":"test","path":"/b","value":[{"x":1},2]}]"#,
      to: #"{"a":{"x":1},"b":[2]}"#, gives: #"{"a":{"x":1},"b":[{"x":1},2]}"#)
    assertApplies(
      #"[{"op":"test","path":"/n","value":1},{"op":"test","path":"/o","value":{"b":2,"a":1}}]"#,
      to: #"{"n":1.0,"o":{"a":1,"b":2.0}}"#, gives: #"{"n":1.0,"o":{"a":1,"b":2.0}}"#)
    assertFails(
      #"[{"op":"copy","from":"/zz","path":"/b"}]"#, on: "{}",
      #"Operation 0: There is no value at "/zz" to copy."#)
  }

  func testMoveIntoItsOwnChildFails() {
    assertFails(
      #"[{"op":"move","from":"/a","path":"/a/b"}]"#, on: #"{"a":{}}"#,
      #"Operation 0: Cannot move "/a" into its own descendant "/a/b"."#)
    assertApplies(#"[{"op":"move","from":"/a","path":"/a"}]"#, to: #"{"a":1}"#, gives: #"{"a":1}"#)
  }

  func testFailuresNameTheOperationAndLeaveTheDocument() {
    let document = json(#"{"a":[1,2]}"#)
    let patch: [JSONPatchOperation] = [
      .add(path: JSONPointer(tokens: ["b"]), value: 1),
      .remove(path: JSONPointer(tokens: ["a", "5"])),
    ]
    XCTAssertThrowsError(try JSONPatch.apply(patch, to: document)) { error in
      XCTAssertEqual(
        error as? JSONPatchError,
        JSONPatchError(#"There is no value at "/a/5" to remove."#, operationIndex: 1))
    }
    XCTAssertEqual(document, json(#"{"a":[1,2]}"#))
    assertFails(
      #"[{"op":"add","path":"/a/3","value":0}]"#, on: #"{"a":[1,2]}"#,
      #"Operation 0: Cannot add at "/a/3": the index is not within the array."#)
    assertFails(
      #"[{"op":"add","path":"/a/01","value":0}]"#, on: #"{"a":[1,2]}"#,
      #"Operation 0: Cannot add at "/a/01": the index is not within the array."#)
    assertFails(
      #"[{"op":"replace","path":"/a/-","value":0}]"#, on: #"{"a":[1,2]}"#,
      #"Operation 0: There is no value at "/a/-" to replace."#)
    assertFails(
      #"[{"op":"replace","path":"/b","value":0}]"#, on: #"{"a":[1,2]}"#,
      #"Operation 0: There is no value at "/b" to replace."#)
    assertFails(
      #"[{"op":"add","path":"/a/0/x","value":0}]"#, on: #"{"a":[1,2]}"#,
      #"Operation 0: Cannot add at "/a/0/x": the parent is number."#)
  }

  func testReadingOperations() {
    XCTAssertThrowsError(try JSONPatch.operations(json: json(#"{"op":"add"}"#)))
    let bad: [(String, String)] = [
      (#"[{"op":"jump","path":"/a"}]"#, #"Operation 0: Unknown operation "jump"."#),
      (#"[{"path":"/a"}]"#, #"Operation 0: An operation's "op" must be a string."#),
      (#"[{"op":"add","path":"/a"}]"#, #"Operation 0: The "add" operation needs a "value"."#),
      (
        #"[{"op":"move","path":"/a"}]"#,
        #"Operation 0: The "move" operation's "from" must be a string."#
      ),
      (
        #"[{"op":"remove","path":"/a"},{"op":"remove","path":"a"}]"#,
        #"Operation 1: The JSON pointer "a" must be empty or start with '/'."#
      ),
      ("[1]", "Operation 0: An operation must be an object, not number."),
    ]
    for (patch, message) in bad {
      XCTAssertThrowsError(try JSONPatch.operations(json: json(patch)), patch) { error in
        XCTAssertEqual((error as? JSONPatchError)?.description, message)
      }
    }
    XCTAssertEqual(
      try JSONPatch.operations(json: json(#"[{"op":"add","path":"/a","value":null}]"#)),
      [.add(path: JSONPointer(tokens: ["a"]), value: nil)], "a null value is a value")
  }

  func testOperationsEncodeAsRFC6902Objects() throws {
    let operations: [JSONPatchOperation] = [
      .add(path: JSONPointer(tokens: ["a/b", "0"]), value: [1]),
      .remove(path: JSONPointer(tokens: ["m~n"])),
      .replace(path: .root, value: "x"),
      .move(from: JSONPointer(tokens: ["a"]), path: JSONPointer(tokens: ["b"])),
      .copy(from: JSONPointer(tokens: ["a"]), path: JSONPointer(tokens: ["c", "-"])),
      .test(path: JSONPointer(tokens: [""]), value: nil),
    ]
    XCTAssertEqual(
      try JSONPatch.json(operations).jsonString(),
      #"[{"op":"add","path":"/a~1b/0","value":[1]},{"op":"remove","path":"/m~0n"},"#
        + #"{"op":"replace","path":"","value":"x"},{"op":"move","from":"/a","path":"/b"},"#
        + #"{"op":"copy","from":"/a","path":"/c/-"},{"op":"test","path":"/","value":null}]"#)
    XCTAssertEqual(try JSONPatch.operations(json: JSONPatch.json(operations)), operations)
    XCTAssertEqual(operations.map(\.name), ["add", "remove", "replace", "move", "copy", "test"])
  }

  // MARK: - Diff

  func testDiffOfEqualValuesIsEmpty() {
    XCTAssertEqual(JSONPatch.diff(from: ["a": [1, 2]], to: ["a": [1, 2]]), [])
    XCTAssertEqual(JSONPatch.diff(from: ["a": 1, "b": 2], to: ["b": 2, "a": 1]), [])
  }

  func testDiffOperations() throws {
    let from = json(#"{"keep":1,"gone":true,"change":{"x":1,"y":[1,2,3]},"type":[1],"n":1}"#)
    let to = json(#"{"keep":1,"change":{"x":2,"y":[1,5]},"type":{"0":1},"n":1.0,"new":null}"#)
    let patch = JSONPatch.diff(from: from, to: to)
    XCTAssertEqual(
      try JSONPatch.json(patch).jsonString(),
      #"[{"op":"remove","path":"/gone"},{"op":"replace","path":"/change/x","value":2},"#
        + #"{"op":"replace","path":"/change/y/1","value":5},{"op":"remove","path":"/change/y/2"},"#
        + #"{"op":"replace","path":"/type","value":{"0":1}},{"op":"replace","path":"/n","value":1.0},"#
        + #"{"op":"add","path":"/new","value":null}]"#)
    XCTAssertEqual(try JSONPatch.apply(patch, to: from), to)
  }

  func testDiffRemovesArrayTailFromTheEndBackwards() {
    XCTAssertEqual(
      JSONPatch.diff(from: [1, 2, 3, 4], to: [1]),
      [
        .remove(path: JSONPointer(tokens: ["3"])), .remove(path: JSONPointer(tokens: ["2"])),
        .remove(path: JSONPointer(tokens: ["1"])),
      ])
    XCTAssertEqual(
      JSONPatch.diff(from: [1], to: [1, "a", "b"]),
      [
        .add(path: JSONPointer(tokens: ["1"]), value: "a"),
        .add(path: JSONPointer(tokens: ["2"]), value: "b"),
      ])
    XCTAssertEqual(JSONPatch.diff(from: [1], to: 1), [.replace(path: .root, value: 1)])
  }

  func testDiffThenApplyRebuildsRandomValuesExactly() throws {
    var rng = SeededGenerator(seed: 2026)
    var operationCount = 0
    for round in 0..<1000 {
      let from = RandomJSON.value(depth: 5, using: &rng)
      let to =
        round % 10 == 0
        ? RandomJSON.value(depth: 5, using: &rng) : RandomJSON.mutate(from, using: &rng)
      let patch = JSONPatch.diff(from: from, to: to)
      operationCount += patch.count
      let rebuilt = try JSONPatch.apply(patch, to: from)
      XCTAssertEqual(rebuilt, to, "round \(round)")
      XCTAssertEqual(
        try JSONWriter(sortedKeys: true).string(rebuilt),
        try JSONWriter(sortedKeys: true).string(to))
      // Through the wire: written, parsed, read back as operations.
      let wire = try JSONParser().parse(JSONWriter().bytes(JSONPatch.json(patch)))
      XCTAssertEqual(try JSONPatch.apply(JSONPatch.operations(json: wire), to: from), to)
      if from == to { XCTAssertEqual(patch, []) }
    }
    XCTAssertGreaterThan(operationCount, 1000, "the generator produces real differences")
  }
}
