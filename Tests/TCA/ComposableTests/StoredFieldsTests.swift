// StoredFields: a struct's stored properties from its metadata, and the structs it declines.

import XCTest

@testable import Composable

final class StoredFieldsTests: XCTestCase {
  private final class Box {}

  private struct Plain {
    var count = 0
    var name: String? = nil
    var box = Box()
  }

  private struct Weak {
    var count = 0
    weak var box: Box?
  }

  private struct Unowned {
    var count = 0
    unowned var box: Box
  }

  func testAStructsFieldsAreItsStoredPropertiesInOrder() throws {
    let fields = try XCTUnwrap(TypeMetadata(Plain.self).storedFields)
    XCTAssertEqual(fields.map(\.name), ["count", "name", "box"])
    XCTAssertEqual(fields.map(\.offset), [0, 8, 24])
    XCTAssertTrue(fields[2].type == Box.self)
  }

  func testWeakAndUnownedStorageIsDeclined() {
    XCTAssertNil(TypeMetadata(Weak.self).storedFields)
    XCTAssertNil(TypeMetadata(Unowned.self).storedFields)
  }
}
