// ReflectedEncoder: a value with no Codable anywhere encodes as its Codable twin does.

import Composable
import Foundation
import NavValue
import XCTest

@testable import NavHosting

final class ReflectedEncoderTests: XCTestCase {
  /// Fills both twins the same way: every shape with a value in it.
  private func filled() -> (Plain.Sample, Coded.Sample) {
    var plain = Plain.Sample()
    var coded = Coded.Sample()
    plain.count = 7
    coded.count = 7
    plain.maybe = 3
    coded.maybe = 3
    plain.inner.note = "n"
    coded.inner.note = "n"
    plain.choice = .inner(Plain.Inner(a: 2, note: nil))
    coded.choice = .inner(Coded.Inner(a: 2, note: nil))
    withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      plain.stack.append(.none)
      plain.stack.append(.pair(name: "p", count: 1))
    }
    withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      coded.stack.append(.none)
      coded.stack.append(.pair(name: "p", count: 1))
    }
    plain.items.append(Plain.Item(id: 5, title: "five"))
    coded.items.append(Coded.Item(id: 5, title: "five"))
    plain.presented = PresentationState(wrappedValue: Plain.Inner(a: 9))
    coded.presented = PresentationState(wrappedValue: Coded.Inner(a: 9))
    plain.sheet = Plain.Inner(a: 8)
    coded.sheet = Coded.Inner(a: 8)
    return (plain, coded)
  }

  func testDefaultsEncodeAsTheCodableTwin() throws {
    XCTAssertEqual(
      try ReflectedEncoder.encode(Plain.Sample()), try ValueModel.encode(Coded.Sample()))
  }

  func testEveryShapeEncodesAsTheCodableTwin() throws {
    let (plain, coded) = filled()
    let reflected = try ReflectedEncoder.encode(plain)
    XCTAssertEqual(reflected, try ValueModel.encode(coded))
    // A property wrapper's storage is named as its property, as Codable names it.
    XCTAssertEqual(reflected["sheet"]["a"], 8)
    // The stack's elements carry their ids, as with Codable.
    let ids = plain.stack.ids.map { DataValue.integer($0.generation) }
    XCTAssertEqual(reflected["stack"][2]["id"], ids[1])
    XCTAssertEqual(reflected["stack"][1], .object(["none": .emptyObject, "id": ids[0]]))
  }

  func testEnumCasesReadAsTheValueModelWritesThem() throws {
    XCTAssertEqual(try ReflectedEncoder.encode(Plain.Choice.none), .string("none"))
    XCTAssertEqual(try ReflectedEncoder.encode(Plain.Choice.one(1)), ["one": 1])
    XCTAssertEqual(try ReflectedEncoder.encode(Plain.Choice.labeled(id: 2)), ["labeled": ["id": 2]])
    XCTAssertEqual(
      try ReflectedEncoder.encode(Plain.Choice.two(3, "x")), ["two": ["_0": 3, "_1": "x"]])
  }

  func testAnObservableStateStructIsNamedByItsProperties() throws {
    let state = ObservedCounter.State()
    XCTAssertEqual(try ReflectedEncoder.encode(state), ["count": 0, "label": "c"])
  }

  /// Fields that are not laid out as their type (`weak`), or whose values say what they are
  /// (an existential, a class named as a wrapper's storage is), read as `Mirror` reads them.
  private struct Holder {
    var count = 1
    weak var node: Node?
    var shape: any Sendable = 3
    var _plain = Node()
  }

  func testAStructOfAnyFieldsReadsAsItsMirror() throws {
    let node = Node()
    var holder = Holder()
    holder.node = node
    XCTAssertEqual(
      try ReflectedEncoder.encode(holder),
      ["count": 1, "node": .emptyObject, "shape": 3, "_plain": .emptyObject])
    holder.node = nil
    XCTAssertEqual(
      try ReflectedEncoder.encode(holder), ["count": 1, "shape": 3, "_plain": .emptyObject])
  }

  /// A struct held by a field of an existential type, too large to sit in the existential's
  /// own buffer, reads as itself.
  private struct HoldsAShape {
    var shape: any Shape = Big()
    var shapes: [any Shape] = [Big(a: "x"), Small()]
    var maybe: Big? = Big(c: 4)
  }

  func testAStructInsideAnExistentialReadsAsItself() throws {
    let big: DataValue = ["a": "one", "b": "two", "c": 3]
    XCTAssertEqual(
      try ReflectedEncoder.encode(HoldsAShape()),
      [
        "shape": big, "shapes": [["a": "x", "b": "two", "c": 3], ["n": 1]],
        "maybe": ["a": "one", "b": "two", "c": 4],
      ])
  }

  func testAReferenceCycleIsAnErrorNotACrash() {
    let node = Node()
    node.next = node
    XCTAssertThrowsError(try ReflectedEncoder.encode(node)) { error in
      XCTAssertTrue("\(error)".contains("nests deeper"), "\(error)")
    }
  }
}

/// A class that can point at itself.
private final class Node {
  var next: Node?
}

private protocol Shape {}

/// Not `Encodable`, and larger than an existential's three-word buffer.
private struct Big: Shape {
  var a = "one"
  var b = "two"
  var c = 3
}

private struct Small: Shape {
  var n = 1
}
