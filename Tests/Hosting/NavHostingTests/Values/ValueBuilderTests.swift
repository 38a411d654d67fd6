// ValueBuilder: values of types with no Codable, built from the value model through metadata.

import Composable
import Foundation
import NavValue
import XCTest

@testable import NavHosting

final class ValueBuilderTests: XCTestCase {
  private func build<T>(_: T.Type, _ value: DataValue, base: T? = nil) throws -> T {
    do {
      return try ValueBuilder.build(T.self, from: value, base: base)
    } catch {
      throw BuildFailure(text: error.text)
    }
  }

  private struct BuildFailure: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
  }

  func testEveryEnumShapeIsBuiltFromItsCaseAndPayload() throws {
    XCTAssertEqual(try build(Plain.Choice.self, "none"), Plain.Choice.none)
    XCTAssertEqual(try build(Plain.Choice.self, ["none": [:]]), Plain.Choice.none)
    XCTAssertEqual(try build(Plain.Choice.self, ["one": 4]), .one(4))
    XCTAssertEqual(try build(Plain.Choice.self, ["one": ["_0": 4]]), .one(4))
    XCTAssertEqual(try build(Plain.Choice.self, ["labeled": ["id": 2]]), .labeled(id: 2))
    XCTAssertEqual(try build(Plain.Choice.self, ["two": ["_0": 3, "_1": "x"]]), .two(3, "x"))
    XCTAssertEqual(
      try build(Plain.Choice.self, ["pair": ["name": "n", "count": 4]]), .pair(name: "n", count: 4))
    XCTAssertEqual(
      try build(Plain.Choice.self, ["inner": ["a": 1, "note": "x"]]),
      .inner(Plain.Inner(a: 1, note: "x")))
  }

  func testAStateRoundTripsThroughReflection() throws {
    var sample = Plain.Sample()
    sample.maybe = 2
    sample.choice = .two(1, "y")
    sample.items.append(Plain.Item(id: 3, title: "three"))
    sample.presented = PresentationState(wrappedValue: Plain.Inner(a: 4))
    withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      sample.stack.append(.one(1))
      sample.stack.append(.none)
    }
    let encoded = try ReflectedEncoder.encode(sample)
    let built = try withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      try build(Plain.Sample.self, encoded)
    }
    XCTAssertEqual(built, sample)
    XCTAssertEqual(built.stack.ids, sample.stack.ids)
  }

  func testALaunchStateNamesOnlyWhatItChanges() throws {
    let base = Plain.Sample()
    let built = try build(Plain.Sample.self, ["count": 5, "inner": ["note": "n"]], base: base)
    var expected = base
    expected.count = 5
    expected.inner.note = "n"
    XCTAssertEqual(built, expected)
  }

  func testAMissingFieldWithoutABaseNamesTheField() {
    XCTAssertThrowsError(try build(Plain.Inner.self, ["note": "x"])) { error in
      XCTAssertTrue("\(error)".hasPrefix("at a: missing"), "\(error)")
    }
  }

  func testAnUnknownCaseSuggestsTheNearestAndListsTheCases() {
    XCTAssertThrowsError(try build(Plain.Choice.self, "nine")) { error in
      XCTAssertTrue("\(error)".contains("did you mean \"none\""), "\(error)")
      XCTAssertTrue("\(error)".contains("The cases are one, labeled, two"), "\(error)")
    }
  }

  func testAnUnknownFieldListsTheFields() {
    XCTAssertThrowsError(try build(Plain.Inner.self, ["a": 1, "nope": 2])) { error in
      XCTAssertTrue("\(error)".contains("has no field nope; its fields are a, note"), "\(error)")
    }
  }

  func testAWrongTypeNamesThePlace() {
    XCTAssertThrowsError(try build(Plain.Choice.self, ["pair": ["name": 1, "count": 4]])) {
      error in
      XCTAssertEqual("\(error)", "wrong type at pair.name: expected String, got number 1")
    }
  }

  func testAClassIsNotBuilt() {
    XCTAssertThrowsError(try build(Holder.self, ["box": [:]])) { error in
      XCTAssertTrue("\(error)".contains("cannot build Box"), "\(error)")
    }
  }

  func testAStructWithAWeakPropertyIsNotBuiltThroughItsMetadata() {
    // Weak storage is not laid out as an optional reference: a strong one written there would
    // corrupt it.
    XCTAssertThrowsError(try build(WeakHolder.self, ["count": 2])) { error in
      XCTAssertTrue("\(error)".contains("a weak or unowned property"), "\(error)")
    }
  }

  func testAStackActionIsBuiltThoughItsCasesAreIndirect() throws {
    let action = try build(
      StackAction<Plain.Choice, Plain.Choice>.self,
      ["element": ["id": 2, "action": ["one": 1]]])
    guard case .element(let id, let inner) = action else { return XCTFail("\(action)") }
    XCTAssertEqual(id, StackElementID(generation: 2))
    XCTAssertEqual(inner, .one(1))
  }
}

private final class Box {}

private struct Holder {
  var box: Box
}

private struct WeakHolder {
  var count = 1
  weak var box: Box?
}
