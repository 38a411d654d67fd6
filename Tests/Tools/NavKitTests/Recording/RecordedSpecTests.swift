// RecordedSpec: each patch becomes Lua that makes the same change, and the spec reads as Lua.

import LuaBridge
import NavProtocol
import NavValue
import XCTest

@testable import NavKit

final class RecordedSpecTests: XCTestCase {
  /// Runs `patch`'s mutation on `before` in a real Lua and returns what it made, as Lua source.
  private func mutated(_ before: JSONValue, by patch: [JSONPatchOperation]) throws -> String {
    var state = before
    let lines = try RecordedSpec.mutation(patch, from: &state)
    XCTAssertEqual(state, try JSONPatch.apply(patch, to: before), "the state moves on as patched")
    let lua = LuaState()
    let source =
      // In a block of its own: a mutation may end in its own `return`.
      "local function mutate(s)\ndo\n" + lines.joined(separator: "\n") + "\nend\nreturn s\nend\n"
      + "return mutate(\(ValuePrinter.render(DataValue(before))))"
    let result = try lua.run(source, name: "mutation")
    return ValuePrinter.render(result.first ?? .null)
  }

  private func json(_ text: String) throws -> JSONValue { try JSONParser().parse(text) }

  /// Every kind of change the session's patches make, made again by the mutation.
  func testEachPatchBecomesAMutationThatMakesTheSameState() throws {
    let pairs: [(String, String)] = [
      (#"{"count":0}"#, #"{"count":1}"#),
      (#"{"a":{"b":{"c":1}}}"#, #"{"a":{"b":{"c":2,"d":"x"}}}"#),
      (#"{"list":[1,2,3]}"#, #"{"list":[1,2,3,4,5]}"#),
      (#"{"list":[1,2,3,4]}"#, #"{"list":[1]}"#),
      (#"{"list":[1,2,3]}"#, #"{"list":[3,2,1]}"#),
      (#"{"list":[]}"#, #"{"list":[{"name":"Blob"}]}"#),
      (#"{"a key":1,"end":true}"#, #"{"a key":2,"end":false}"#),
      (#"{"gone":1,"kept":2}"#, #"{"kept":2}"#),
      (#"{"nested":[[1],[2,3]]}"#, #"{"nested":[[1,4],[2]]}"#),
      (#"{"alert":{"title":"Delete?"}}"#, #"{}"#),
      (#"{"text":"a\nb \"quoted\""}"#, #"{"text":"c\td"}"#),
    ]
    for (from, to) in pairs {
      let before = try json(from)
      let after = try json(to)
      let patch = JSONPatch.diff(from: before, to: after)
      XCTAssertFalse(patch.isEmpty, "\(from) → \(to)")
      XCTAssertEqual(
        try mutated(before, by: patch), ValuePrinter.render(DataValue(after)), "\(from) → \(to)")
    }
  }

  /// A change the statements cannot spell (the whole state replaced, a move) returns the state
  /// after it.
  func testAPatchOfAnotherKindReturnsTheNewState() throws {
    let before = try json(#"{"a":[1,2],"b":{}}"#)
    let move = [
      JSONPatchOperation.move(
        from: try JSONPointer(parsing: "/a/0"), path: try JSONPointer(parsing: "/b/x"))
    ]
    var state = before
    let lines = try RecordedSpec.mutation(move, from: &state)
    XCTAssertEqual(lines.count, 1)
    XCTAssertTrue(lines[0].hasPrefix("return "), lines[0])
    XCTAssertEqual(try mutated(before, by: move), #"{ a = { 2 }, b = { x = 1 } }"#)
    let whole = [JSONPatchOperation.replace(path: .root, value: try json(#"{"c":3}"#))]
    XCTAssertEqual(try mutated(before, by: whole), "{ c = 3 }")
  }

  /// A pushed stack element is written without its id (a fresh store gives its own); the
  /// elements already there keep theirs.
  func testPushedStackElementsLeaveTheirIdsOut() throws {
    let before = try json(#"{"path":[{"id":7,"screenB":{}}]}"#)
    let after = try json(
      #"{"path":[{"id":7,"screenB":{}},{"id":12,"screenC":{"count":0,"isTimerRunning":false}}]}"#)
    var state = before
    let lines = try RecordedSpec.mutation(JSONPatch.diff(from: before, to: after), from: &state)
    XCTAssertEqual(
      lines, [#"table.insert(s.path, { screenC = { count = 0, isTimerRunning = false } })"#])
    XCTAssertEqual(
      try mutated(before, by: JSONPatch.diff(from: before, to: after)),
      #"{ path = { { id = 7, screenB = {} }, { screenC = { count = 0, isTimerRunning = false } } } }"#
    )
  }

  /// A push that names its element's id (a NavigationLink's) is expected with that id, which a
  /// fresh store keeps; other actions' inserted elements leave theirs out.
  func testAPushThatNamesItsIDKeepsIt() throws {
    let push = try json(
      #"{"path":{"push":{"id":3,"state":{"screenA":{"count":0,"isLoading":false}}}}}"#)
    XCTAssertTrue(RecordedSpec.pushesWithID(push))
    XCTAssertFalse(RecordedSpec.pushesWithID(try json(#""goToABCButtonTapped""#)))
    XCTAssertFalse(
      RecordedSpec.pushesWithID(try json(#"{"path":{"element":{"id":3,"action":"x"}}}"#)))
    let before = try json(#"{"path":[]}"#)
    let after = try json(#"{"path":[{"id":3,"screenA":{"count":0,"isLoading":false}}]}"#)
    var state = before
    let lines = try RecordedSpec.mutation(
      JSONPatch.diff(from: before, to: after), from: &state, keepingInsertedIDs: true)
    XCTAssertEqual(
      lines, [#"table.insert(s.path, { id = 3, screenA = { count = 0, isLoading = false } })"#])
  }

  private func entry(
    _ version: Int, _ action: String, origin: String = "send", at offset: Double,
    patch: String = "[]"
  ) throws -> RecordedSpec.Entry {
    let text =
      #"{"sequence":\#(version),"version":\#(version),"origin":"\#(origin)","action":\#(action),"#
      + #""time":{"wall":0,"offset":\#(offset)},"patch":\#(patch)}"#
    return try XCTUnwrap(try RecordedSpec.Entry(history: try json(text)))
  }

  /// A session with its own stack ids (#10 to #12), pushed, ticked and popped.
  private func navigationEntries() throws -> [RecordedSpec.Entry] {
    [
      try entry(
        5, #""goToABCButtonTapped""#, at: 3.0,
        patch: #"[{"op":"add","path":"/path/0","value":{"id":10,"screenA":{"count":0}}},"#
          + #"{"op":"add","path":"/path/1","value":{"id":11,"screenC":{"count":0}}}]"#),
      try entry(
        6, #"{"path":{"element":{"id":11,"action":{"screenC":"startButtonTapped"}}}}"#, at: 3.25),
      try entry(
        7, #"{"path":{"element":{"id":11,"action":{"screenC":"timerTick"}}}}"#, origin: "effect",
        at: 4.2504, patch: #"[{"op":"replace","path":"/path/1/screenC/count","value":1}]"#),
      try entry(
        8, #"{"path":{"popFrom":{"id":11}}}"#, at: 4.5,
        patch: #"[{"op":"remove","path":"/path/1"}]"#),
    ]
  }

  func testTheTestStoreStyleSendsReceivesAndAdvancesAsTheSessionDid() throws {
    let spec = RecordedSpec(
      feature: "navigation", session: "main", initialState: try json(#"{"path":[]}"#),
      entries: try navigationEntries(), style: .testStore, provenance: "a test")
    let text = try spec.text()
    for expected in [
      #"local t = navd.test_store("navigation", { state = {"#,
      #"t:send("goToABCButtonTapped", function(s)"#,
      #"table.insert(s.path, { screenA = { count = 0 } })"#,
      "t:advance(0.25)",
      #"t:send({ path = { element = { action = { screenC = "startButtonTapped" }, id = "@2" } } })"#,
      "t:advance(1.0)",
      #"t:receive({ path = { element = { action = { screenC = "timerTick" }, id = "@2" } } }, function(s)"#,
      "s.path[2].screenC.count = 1",
      #"t:send({ path = { popFrom = { id = "@2" } } }, function(s)"#,
      "table.remove(s.path, 2)",
      "t:skip_in_flight_effects({ strict = false })",
      "t:finish()",
    ] {
      XCTAssertTrue(text.contains(expected), "missing \(expected) in:\n\(text)")
    }
    XCTAssertFalse(text.contains("id = 1"), "no session id is written:\n\(text)")
    XCTAssertEqual(
      try LuaState().run("return select('#', load(\(ValuePrinter.quoted(text))))").first, 1)
  }

  func testTheLaunchStyleSendsTheClientsActionsAndAssertsTheFinalState() throws {
    let spec = RecordedSpec(
      feature: "navigation", session: "main", initialState: try json(#"{"path":[]}"#),
      entries: try navigationEntries(), style: .launch, provenance: "a test")
    let text = try spec.text()
    XCTAssertFalse(text.contains("timerTick"), "the effects' actions are the store's own:\n\(text)")
    for expected in [
      #"local app = navd.launch("navigation", { state = {"#,
      #"app:send("goToABCButtonTapped")"#, "app:advance(0.25)", "app:advance(1.25)",
      "assert.same({", "screenA = {", "}, without_ids(app.state))", "app:cancel_effects()",
    ] {
      XCTAssertTrue(text.contains(expected), "missing \(expected) in:\n\(text)")
    }
    XCTAssertEqual(
      try LuaState().run("return select('#', load(\(ValuePrinter.quoted(text))))").first, 1)
  }

  func testAJumpIsNoEntryOfASpec() throws {
    let jump = try json(
      #"{"sequence":9,"version":9,"origin":"jump","action":null,"jump":3,"#
        + #""time":{"wall":0,"offset":1},"patch":[]}"#)
    XCTAssertNil(try RecordedSpec.Entry(history: jump))
  }
}
