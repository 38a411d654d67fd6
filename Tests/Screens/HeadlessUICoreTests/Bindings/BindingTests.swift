// Binding in SwiftUI's shape: reading and writing its source, constants, and bindings narrowed to
// a property.

import XCTest

@testable import HeadlessUICore

private struct Profile: Equatable {
  var name = "Blob"
  var age = 42
}

/// A source a binding reads and writes.
private final class Source: @unchecked Sendable {
  var profile = Profile()
  var writes = 0
}

final class BindingTests: XCTestCase {
  func testABindingReadsAndWritesItsSource() {
    let source = Source()
    let binding = Binding(
      get: { source.profile },
      set: {
        source.profile = $0
        source.writes += 1
      })
    XCTAssertEqual(binding.wrappedValue, Profile())
    binding.wrappedValue = Profile(name: "Blob Jr.", age: 7)
    XCTAssertEqual(source.profile, Profile(name: "Blob Jr.", age: 7))
    XCTAssertEqual(binding.projectedValue.wrappedValue.name, "Blob Jr.")
    XCTAssertEqual(source.writes, 1)
  }

  func testADynamicMemberNarrowsTheBindingToAProperty() {
    let source = Source()
    let profile = Binding(get: { source.profile }, set: { source.profile = $0 })
    let name = profile.name
    XCTAssertEqual(name.wrappedValue, "Blob")
    name.wrappedValue = "Blob Sr."
    XCTAssertEqual(source.profile, Profile(name: "Blob Sr.", age: 42), "the rest is kept")
  }

  func testAConstantIgnoresWrites() {
    let constant = Binding.constant("fixed")
    constant.wrappedValue = "changed"
    XCTAssertEqual(constant.wrappedValue, "fixed")
  }

  func testATextFieldTypesThroughItsBinding() throws {
    let source = Source()
    let name = Binding(get: { source.profile }, set: { source.profile = $0 }).name
    let tree = NavigationTree(rendering: TextField("Name", text: name))
    XCTAssertEqual(tree.frontmost.nodes.first?.value, "Blob")
    guard case .send(let actions) = try tree.type("Blob III", into: "Name") else {
      return XCTFail("typing runs the field's closure")
    }
    XCTAssertEqual(actions.count, 0, "a plain binding sends no action")
    XCTAssertEqual(source.profile.name, "Blob III")
  }
}
