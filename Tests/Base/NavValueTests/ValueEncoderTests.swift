import Foundation
import NavValue
import XCTest

// MARK: - Fixtures (shared with LuaValueDecoderTests)

/// An action enum with every payload shape.
enum FixtureAction: Codable, Equatable {
  case incrementButtonTapped
  case setName(String)
  case setCount(Int)
  case element(id: Int, action: FixtureChildAction)
  case move(Int, Int)
  case child(FixtureChildAction)
  case optionalLabel(label: String?)
  case popFrom(id: Int)
}

/// A nested action enum.
enum FixtureChildAction: Codable, Equatable {
  case tap
  case rename(String)
  case labeled(name: String, age: Int?)
}

/// A navigation-shaped enum of enums.
enum FixtureDestination: Codable, Equatable {
  case presented(FixtureAction)
  case dismiss
}

/// An indirect enum.
indirect enum FixtureExpression: Codable, Equatable {
  case number(Int)
  case negate(FixtureExpression)
  case add(FixtureExpression, FixtureExpression)
}

/// A struct with every kind of field.
struct FixtureProfile: Codable, Equatable {
  var name: String
  var age: Int
  var nickname: String?
  var tags: [String]
  var scores: [String: Double]
  var id: UUID
  var joined: Date
  var action: FixtureAction?
  var ratio: Double
  var small: Int8
  var flag: Bool
}

/// A struct without fields.
struct FixtureEmpty: Codable, Equatable {}

/// A string-backed enum.
enum FixtureColor: String, Codable, Equatable {
  case red, green
}

/// A struct that holds an action, for errors at a path.
struct FixtureHolder: Codable, Equatable {
  var action: FixtureAction
  var profile: FixtureProfile?
  var list: [FixtureAction]?
}

extension FixtureProfile {
  static let sample = FixtureProfile(
    name: "Blob", age: 7, nickname: nil, tags: ["a", "b"], scores: ["math": 2.5, "art": 3],
    id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
    joined: Date(timeIntervalSinceReferenceDate: 1234.5), action: .setName("Blob"), ratio: 2,
    small: -3, flag: true)
}

final class ValueEncoderTests: XCTestCase {
  private func encode<T: Encodable>(_ value: T) throws -> DataValue {
    try ValueEncoder().encode(value)
  }

  // MARK: - Enums

  func testCaseWithoutPayloadIsItsName() throws {
    XCTAssertEqual(try encode(FixtureAction.incrementButtonTapped), "incrementButtonTapped")
    XCTAssertEqual(try encode(FixtureDestination.dismiss), "dismiss")
    XCTAssertEqual(try encode(FixtureChildAction.tap), "tap")
  }

  func testSingleUnlabeledPayloadIsFlattened() throws {
    XCTAssertEqual(try encode(FixtureAction.setName("Blob")), ["setName": "Blob"])
    XCTAssertEqual(try encode(FixtureAction.setCount(3)), ["setCount": 3])
    XCTAssertEqual(try encode(FixtureChildAction.rename("")), ["rename": ""])
  }

  func testLabeledPayloadsKeepTheirLabels() throws {
    XCTAssertEqual(
      try encode(FixtureAction.element(id: 2, action: .tap)),
      ["element": ["id": 2, "action": "tap"]])
    XCTAssertEqual(
      try encode(FixtureChildAction.labeled(name: "Blob", age: 3)),
      ["labeled": ["name": "Blob", "age": 3]])
    XCTAssertEqual(
      try encode(FixtureChildAction.labeled(name: "Blob", age: nil)),
      ["labeled": ["name": "Blob"]], "a nil payload field is left out")
  }

  func testSingleLabeledPayloadKeepsItsLabel() throws {
    XCTAssertEqual(try encode(FixtureAction.popFrom(id: 2)), ["popFrom": ["id": 2]])
    XCTAssertEqual(
      try encode(FixtureAction.optionalLabel(label: "x")), ["optionalLabel": ["label": "x"]])
    XCTAssertEqual(try encode(FixtureAction.optionalLabel(label: nil)), "optionalLabel")
  }

  func testMultipleUnlabeledPayloadsUsePositions() throws {
    XCTAssertEqual(try encode(FixtureAction.move(1, 2)), ["move": ["_0": 1, "_1": 2]])
  }

  func testNestedEnumsOfEnums() throws {
    XCTAssertEqual(
      try encode(FixtureDestination.presented(.child(.rename("x")))),
      ["presented": ["child": ["rename": "x"]]])
    XCTAssertEqual(
      try encode(
        FixtureDestination.presented(.element(id: 1, action: .labeled(name: "n", age: 1)))),
      ["presented": ["element": ["id": 1, "action": ["labeled": ["name": "n", "age": 1]]]]])
    XCTAssertEqual(
      try encode(FixtureDestination.presented(.incrementButtonTapped)),
      ["presented": "incrementButtonTapped"])
  }

  func testIndirectEnums() throws {
    XCTAssertEqual(
      try encode(FixtureExpression.add(.number(1), .negate(.negate(.number(2))))),
      ["add": ["_0": ["number": 1], "_1": ["negate": ["negate": ["number": 2]]]]])
  }

  func testRawValueEnumIsItsRawValue() throws {
    XCTAssertEqual(try encode(FixtureColor.green), "green")
  }

  // MARK: - Structs and collections

  func testStructWithEveryKindOfField() throws {
    XCTAssertEqual(
      try encode(FixtureProfile.sample),
      [
        "name": "Blob", "age": 7, "tags": ["a", "b"], "scores": ["math": 2.5, "art": 3.0],
        "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "joined": 1234.5,
        "action": ["setName": "Blob"], "ratio": .number(2), "small": -3, "flag": true,
      ])
  }

  /// An empty array stays an array, so an empty stack or list reaches the wire as `[]`.
  func testEmptyArraysAreArraysAndEmptyStructsObjects() throws {
    XCTAssertEqual(try encode(FixtureEmpty()), .emptyObject)
    XCTAssertEqual(try encode([Int]()), .array([]))
    XCTAssertEqual(try encode([String: Int]()), .emptyObject)
    XCTAssertEqual(
      try encode(FixtureHolder(action: .incrementButtonTapped, profile: .sample, list: []))["list"],
      .array([]))
  }

  func testOptionals() throws {
    XCTAssertEqual(try encode(Int?.none), .null)
    XCTAssertEqual(try encode(Int?.some(3)), 3)
    XCTAssertEqual(
      try encode(FixtureHolder(action: .setCount(1), profile: nil, list: nil)),
      ["action": ["setCount": 1]], "nil fields are left out")
  }

  func testArraysAndDictionaries() throws {
    XCTAssertEqual(try encode([1, 2, 3]), [1, 2, 3])
    XCTAssertEqual(try encode([[1], [2, 3]]), [[1], [2, 3]])
    XCTAssertEqual(try encode(["a": 1, "b": 2]), ["a": 1, "b": 2])
    XCTAssertEqual(
      try encode([FixtureAction.incrementButtonTapped, .setName("x")]),
      ["incrementButtonTapped", ["setName": "x"]])
    XCTAssertEqual(
      try encode(["first": FixtureChildAction.tap]), ["first": "tap"])
  }

  // MARK: - Coding paths and keys

  /// Records the coding path it is encoded at, as a string.
  private struct PathProbe: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "."))
    }
  }

  private struct Outer: Encodable {
    var inner = [["a": PathProbe()]]
    var direct = PathProbe()
  }

  func testANestedValueSeesItsWholeCodingPath() throws {
    XCTAssertEqual(
      try encode(Outer()), ["inner": [["a": "inner.0.a"]], "direct": "direct"])
  }

  /// Writes `key` twice, the second time as nil.
  private struct Twice: Encodable {
    enum Keys: CodingKey { case key, other }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(1, forKey: .key)
      try container.encode(2, forKey: .other)
      try container.encode(3, forKey: .other)
      try container.encodeNil(forKey: .key)
    }
  }

  func testAKeyEncodedTwiceKeepsItsLastValue() throws {
    XCTAssertEqual(try encode(Twice()), ["other": 3])
  }

  // MARK: - Scalars

  func testScalars() throws {
    XCTAssertEqual(try encode(true), true)
    XCTAssertEqual(try encode("text"), "text")
    XCTAssertEqual(try encode(Int.max), .integer(Int.max))
    XCTAssertEqual(try encode(Int.min), .integer(Int.min))
    XCTAssertEqual(try encode(2.0), .number(2), "an integral Double stays a float")
    XCTAssertEqual(try encode(Float(0.5)), .number(0.5))
    XCTAssertEqual(try encode(Int8(-8)), -8)
    XCTAssertEqual(try encode(UInt8(255)), 255)
    XCTAssertEqual(try encode(Int32.min), .integer(Int(Int32.min)))
    XCTAssertEqual(try encode(UInt64(Int.max)), .integer(Int.max))
    XCTAssertEqual(
      try encode(UUID(uuidString: "00000000-0000-0000-0000-000000000001")!),
      "00000000-0000-0000-0000-000000000001")
    XCTAssertEqual(try encode(Date(timeIntervalSinceReferenceDate: 60)), .number(60))
  }
}
