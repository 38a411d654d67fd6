import Foundation
import LuaBridge
import NavValue
import XCTest

/// An enum whose single unlabeled payload is optional.
enum FixtureOptionalPayload: Codable, Equatable {
  case pick(Int?)
}

final class ValueDecoderTests: XCTestCase {
  private func decode<T: Decodable>(_: T.Type, from value: DataValue) throws -> T {
    try ValueDecoder().decode(T.self, from: value)
  }

  /// The sentence ``ValueDecoder/describe(_:)`` gives for the failure to decode `value`.
  private func failure<T: Decodable>(
    _: T.Type, from value: DataValue, file: StaticString = #filePath, line: UInt = #line
  ) -> String {
    do {
      let decoded = try decode(T.self, from: value)
      XCTFail("expected a decoding error, got \(decoded)", file: file, line: line)
      return ""
    } catch {
      XCTAssertTrue(error is DecodingError, "\(error)", file: file, line: line)
      return ValueDecoder.describe(error)
    }
  }

  // MARK: - Enums

  func testCaseWithoutPayloadFromNameOrEmptyTable() throws {
    XCTAssertEqual(
      try decode(FixtureAction.self, from: "incrementButtonTapped"), .incrementButtonTapped)
    XCTAssertEqual(
      try decode(FixtureAction.self, from: ["incrementButtonTapped": [:]]), .incrementButtonTapped)
  }

  func testSingleUnlabeledPayloadFlatOrWithPosition() throws {
    XCTAssertEqual(try decode(FixtureAction.self, from: ["setName": "Blob"]), .setName("Blob"))
    XCTAssertEqual(
      try decode(FixtureAction.self, from: ["setName": ["_0": "Blob"]]), .setName("Blob"))
    XCTAssertEqual(try decode(FixtureAction.self, from: ["setCount": 4]), .setCount(4))
    XCTAssertEqual(try decode(FixtureAction.self, from: ["setCount": 4.0]), .setCount(4))
  }

  func testLabeledAndMultiplePayloads() throws {
    XCTAssertEqual(
      try decode(FixtureAction.self, from: ["element": ["id": 2, "action": "tap"]]),
      .element(id: 2, action: .tap))
    XCTAssertEqual(
      try decode(FixtureChildAction.self, from: ["labeled": ["name": "Blob"]]),
      .labeled(name: "Blob", age: nil))
    XCTAssertEqual(try decode(FixtureAction.self, from: ["move": ["_0": 1, "_1": 2]]), .move(1, 2))
  }

  func testLoneValueForASingleLabeledPayload() throws {
    XCTAssertEqual(try decode(FixtureAction.self, from: ["popFrom": 2]), .popFrom(id: 2))
    XCTAssertEqual(try decode(FixtureAction.self, from: ["popFrom": ["id": 2]]), .popFrom(id: 2))
    XCTAssertEqual(
      try decode(FixtureAction.self, from: "optionalLabel"), .optionalLabel(label: nil))
  }

  func testLoneValueForASingleOptionalLabeledPayload() throws {
    let decoded: FixtureAction
    do {
      decoded = try decode(FixtureAction.self, from: ["optionalLabel": "x"])
    } catch {
      return try failForBug(
        "{ optionalLabel = \"x\" } for `case optionalLabel(label: String?)` fails with "
          + "\"\(ValueDecoder.describe(error))\" (the lone-value form works for `popFrom(id: Int)`; "
          + "decodeIfPresent ignores the lone value)")
    }
    XCTAssertEqual(decoded, .optionalLabel(label: "x"))
  }

  func testPayloadThatTheCaseDoesNotReadIsAnError() {
    XCTAssertEqual(
      failure(FixtureAction.self, from: ["incrementButtonTapped": 5]),
      "invalid value at incrementButtonTapped: case \"incrementButtonTapped\" takes no payload, got 5"
    )
    XCTAssertEqual(
      failure(FixtureAction.self, from: ["element": ["id": 2, "action": "tap", "extra": 1]]),
      "invalid value at element: case \"element\" has no field for extra = 1")
    XCTAssertEqual(
      failure(FixtureDestination.self, from: ["presented": ["popFrom": ["id": 1, "ix": 2]]]),
      "invalid value at presented.popFrom: case \"popFrom\" has no field for ix = 2")
  }

  func testNestedAndIndirectEnums() throws {
    XCTAssertEqual(
      try decode(FixtureDestination.self, from: ["presented": ["child": ["rename": "x"]]]),
      .presented(.child(.rename("x"))))
    XCTAssertEqual(
      try decode(FixtureDestination.self, from: ["presented": ["child": ["_0": "tap"]]]),
      .presented(.child(.tap)))
    XCTAssertEqual(
      try decode(
        FixtureExpression.self,
        from: ["add": ["_0": ["number": 1], "_1": ["negate": ["number": 2]]]]),
      .add(.number(1), .negate(.number(2))))
  }

  // MARK: - Structs, collections, scalars

  func testStructsOptionalsAndCollections() throws {
    let value: DataValue = [
      "name": "Blob", "age": 7.0, "tags": [], "scores": ["x": 1], "flag": false,
      "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "joined": 10, "ratio": 0.25, "small": 127,
    ]
    XCTAssertEqual(
      try decode(FixtureProfile.self, from: value),
      FixtureProfile(
        name: "Blob", age: 7, nickname: nil, tags: [], scores: ["x": 1],
        id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
        joined: Date(timeIntervalSinceReferenceDate: 10), action: nil, ratio: 0.25, small: 127,
        flag: false))
    XCTAssertEqual(try decode(FixtureEmpty.self, from: .emptyObject), FixtureEmpty())
    XCTAssertEqual(try decode([Int].self, from: [1, 2.0, 3]), [1, 2, 3])
    XCTAssertEqual(
      try decode([String: [Int]].self, from: ["a": [1], "b": []]), ["a": [1], "b": []])
    XCTAssertEqual(try decode(Int?.self, from: .null), nil)
    XCTAssertEqual(try decode(String?.self, from: "x"), "x")
    XCTAssertEqual(try decode(FixtureColor.self, from: "red"), .red)
  }

  func testNumberConversions() throws {
    XCTAssertEqual(try decode(Double.self, from: 3), 3.0, "an integer decodes as a float")
    XCTAssertEqual(try decode(Float.self, from: 0.5), 0.5)
    XCTAssertEqual(try decode(Int.self, from: 4.0), 4, "an integral float decodes as an integer")
    XCTAssertEqual(try decode(Int.self, from: .integer(Int.min)), Int.min)
    XCTAssertEqual(try decode(UInt8.self, from: 255), 255)
    XCTAssertEqual(failure(Int.self, from: 2.5), "invalid value: 2.5 does not fit in Int")
    XCTAssertEqual(failure(Int8.self, from: 300), "invalid value: 300 does not fit in Int8")
    // Lua keeps unsigned 64-bit values in its integers, bit for bit (as math.ult reads them).
    XCTAssertEqual(try decode(UInt.self, from: -1), UInt.max)
    XCTAssertEqual(
      failure(Int.self, from: .number(.infinity)), "invalid value: math.huge does not fit in Int")
    XCTAssertEqual(
      failure(FixtureProfile.self, from: try sampleValue(with: ["age": 2.5])),
      "invalid value at age: 2.5 does not fit in Int")
  }

  // MARK: - Error messages

  private func sampleValue(with changes: [String: DataValue]) throws -> DataValue {
    guard case .object(var fields) = try ValueEncoder().encode(FixtureProfile.sample) else {
      throw SampleError()
    }
    for (key, value) in changes {
      if value == .null { fields[key] = nil } else { fields[key] = value }
    }
    return .object(fields)
  }

  func testUnknownCaseNamesTheCaseTheTypeAndThePath() {
    XCTAssertEqual(failure(FixtureAction.self, from: "fly"), "no case \"fly\" in FixtureAction")
    XCTAssertEqual(
      failure(FixtureAction.self, from: ["fly": ["speed": 3]]), "no case \"fly\" in FixtureAction")
    XCTAssertEqual(
      failure(FixtureHolder.self, from: ["action": "fly"]),
      "no case \"fly\" in FixtureAction (at action)")
    XCTAssertEqual(
      failure(
        FixtureHolder.self, from: ["action": "incrementButtonTapped", "list": ["tap", "fly"]]),
      "no case \"tap\" in FixtureAction (at list[1])")
    XCTAssertEqual(
      failure(FixtureAction.self, from: ["setName": "a", "setCount": 1]),
      "expected one case of FixtureAction, got \"setCount\", \"setName\"")
    XCTAssertEqual(
      failure(FixtureAction.self, from: .emptyObject),
      "expected a case of FixtureAction, got an empty table")
  }

  func testUnknownCaseInsideAPayloadNamesThePayloadPath() {
    XCTAssertEqual(
      failure(FixtureDestination.self, from: ["presented": ["child": "fly"]]),
      "no case \"fly\" in FixtureChildAction (at presented.child)")
    XCTAssertEqual(
      failure(FixtureDestination.self, from: ["presented": ["child": ["_0": "fly"]]]),
      "no case \"fly\" in FixtureChildAction (at presented.child)")
  }

  func testWrongTypeNamesThePathExpectedAndGot() throws {
    XCTAssertEqual(
      failure(FixtureProfile.self, from: try sampleValue(with: ["name": 3])),
      "wrong type at name: expected String, got number 3")
    XCTAssertEqual(
      failure(FixtureProfile.self, from: try sampleValue(with: ["flag": "yes"])),
      "wrong type at flag: expected Bool, got string \"yes\"")
    XCTAssertEqual(
      failure(FixtureProfile.self, from: try sampleValue(with: ["tags": ["a", 1]])),
      "wrong type at tags[2]: expected String, got number 1")
    XCTAssertEqual(
      failure(FixtureProfile.self, from: try sampleValue(with: ["tags": ["x": 1]])),
      "wrong type at tags: expected a sequence, got a table")
    XCTAssertEqual(
      failure(FixtureHolder.self, from: ["action": ["element": ["id": "two", "action": "tap"]]]),
      "wrong type at action.element.id: expected Int, got string \"two\"")
    XCTAssertEqual(
      failure(FixtureProfile.self, from: 5), "wrong type: expected a table, got number 5")
    XCTAssertEqual(failure(Bool.self, from: 1), "wrong type: expected Bool, got number 1")
  }

  func testWrongTypeInAFlattenedPayloadNamesTheCase() {
    XCTAssertEqual(
      failure(FixtureAction.self, from: ["setName": 3]),
      "wrong type at setName: expected String, got number 3")
    XCTAssertEqual(
      failure(FixtureAction.self, from: ["setName": ["_0": 3]]),
      "wrong type at setName: expected String, got number 3")
    XCTAssertEqual(
      failure(FixtureAction.self, from: ["move": ["_0": 1, "_1": "two"]]),
      "wrong type at move._1: expected Int, got string \"two\"")
  }

  func testMissingFieldNamesTheField() throws {
    XCTAssertEqual(
      failure(FixtureProfile.self, from: try sampleValue(with: ["age": .null])),
      "missing field \"age\" at age")
    XCTAssertEqual(
      failure(
        FixtureHolder.self,
        from: [
          "action": "incrementButtonTapped", "profile": try sampleValue(with: ["name": .null]),
        ]),
      "missing field \"name\" at profile.name")
    XCTAssertEqual(
      failure(FixtureAction.self, from: ["element": ["id": 1]]),
      "missing field \"action\" at element.action")
  }

  func testNilWhereAValueIsNeeded() throws {
    let message = failure([String].self, from: .array(["a", .null]))
    if message != "missing value at [2]: expected String, got nil" {
      try failForBug("nil in a sequence is described as \(message.debugDescription)")
    }
  }

  func testDescribeOtherErrors() {
    XCTAssertEqual(ValueDecoder.describe(LuaError("plain")), "plain")
  }

  // MARK: - Round trips through Lua

  /// Encodes `value`, pushes it into Lua, reads it back and decodes it.
  private func roundTrip<T: Codable & Equatable>(
    _ value: T, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let state = LuaState()
    let encoded = try ValueEncoder().encode(value)
    state.stack.push(encoded)
    state.stack.setGlobal("v")
    let read = try state.run("return v")
    XCTAssertEqual(
      read.map(\.luaForm), [encoded.luaForm], "Lua keeps the value", file: file, line: line)
    let decoded = try ValueDecoder().decode(T.self, from: read[0])
    XCTAssertEqual(decoded, value, file: file, line: line)
    XCTAssertEqual(state.stack.top, 0, file: file, line: line)
  }

  func testEveryKindRoundTripsThroughLua() throws {
    try roundTrip(FixtureAction.incrementButtonTapped)
    try roundTrip(FixtureAction.setName("Blob"))
    try roundTrip(FixtureAction.setCount(-5))
    try roundTrip(FixtureAction.element(id: 2, action: .labeled(name: "x", age: nil)))
    try roundTrip(FixtureAction.move(1, 2))
    try roundTrip(FixtureAction.child(.rename("x\u{0}y")))
    try roundTrip(FixtureAction.optionalLabel(label: nil))
    try roundTrip(FixtureAction.optionalLabel(label: "l"))
    try roundTrip(FixtureAction.popFrom(id: 9))
    try roundTrip(FixtureDestination.presented(.child(.tap)))
    try roundTrip(FixtureDestination.dismiss)
    try roundTrip(FixtureExpression.add(.number(1), .negate(.add(.number(2), .number(3)))))
    try roundTrip(FixtureProfile.sample)
    try roundTrip(FixtureEmpty())
    try roundTrip(
      FixtureHolder(
        action: .move(3, 4), profile: .sample, list: [.setCount(1), .incrementButtonTapped]))
    try roundTrip(FixtureColor.red)
    try roundTrip([1, 2, 3])
    try roundTrip([[String: Int]]())
    try roundTrip(["a": [1.5], "b": []])
    try roundTrip(UUID())
    try roundTrip(Date(timeIntervalSinceReferenceDate: 100))
    try roundTrip(Date(timeIntervalSinceReferenceDate: 123.456))
    try roundTrip(Int.max)
    try roundTrip(Int.min)
    try roundTrip(2.0)
    try roundTrip(Double.infinity)
    try roundTrip("héllo ✓")
    try roundTrip(true)
    try roundTrip(Int8.min)
    try roundTrip(UInt64(1) << 63)
  }

  func testValuesWrittenInLuaDecode() throws {
    let state = LuaState()
    let values = try state.run(
      """
      return 'incrementButtonTapped', { setName = 'Blob' }, { setName = { _0 = 'Blob' } },
        { element = { id = 2, action = { rename = 'r' } } }, { move = { _0 = 1, _1 = 2 } }
      """)
    XCTAssertEqual(
      try values.map { try ValueDecoder().decode(FixtureAction.self, from: $0) },
      [
        .incrementButtonTapped, .setName("Blob"), .setName("Blob"),
        .element(id: 2, action: .rename("r")), .move(1, 2),
      ])
  }

  func testOptionalSingleUnlabeledPayloadRoundTrips() throws {
    let encoded = try ValueEncoder().encode(FixtureOptionalPayload.pick(nil))
    do {
      let decoded = try decode(FixtureOptionalPayload.self, from: encoded)
      XCTAssertEqual(decoded, .pick(nil))
    } catch {
      try failForBug(
        ".pick(nil) encodes as \(encoded), which does not decode: \(ValueDecoder.describe(error))"
      )
    }
    try roundTrip(FixtureOptionalPayload.pick(3))
  }

  func testUInt64AboveIntMaxRoundTrips() throws {
    let encoded = try ValueEncoder().encode(UInt64.max)
    do {
      let decoded = try decode(UInt64.self, from: encoded)
      XCTAssertEqual(decoded, UInt64.max)
    } catch {
      try failForBug(
        "UInt64.max encodes as \(encoded), which does not decode: \(ValueDecoder.describe(error))"
      )
    }
  }
}

/// Fails the current test with a description of a bug found in the sources.
func failForBug(_ description: String, file: StaticString = #filePath, line: UInt = #line) throws {
  XCTFail("BUG: \(description)", file: file, line: line)
}

private struct SampleError: Error {}

extension DataValue {
  /// The value as it comes back from a Lua table: Lua cannot tell an empty array from an empty
  /// object, and reads both as an empty object.
  var luaForm: DataValue {
    switch self {
    case .array(let elements): elements.isEmpty ? .emptyObject : .array(elements.map(\.luaForm))
    case .object(let fields): .object(fields.mapValues(\.luaForm))
    default: self
    }
  }
}
