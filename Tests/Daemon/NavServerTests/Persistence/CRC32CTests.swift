// CRC-32C against its published check value.

import XCTest

@testable import NavServer

final class CRC32CTests: XCTestCase {
  func testTheCheckValue() {
    // The standard check: CRC-32C of the ASCII digits "123456789" (RFC 3720, appendix B.4).
    XCTAssertEqual(CRC32C.checksum(Array("123456789".utf8)), 0xE306_9283)
    XCTAssertEqual(CRC32C.checksum([UInt8]()), 0)
  }

  func testOneFlippedBitChangesIt() {
    let bytes = Array(#"{"count":3}"#.utf8)
    for index in bytes.indices {
      var flipped = bytes
      flipped[index] ^= 0x10
      XCTAssertNotEqual(CRC32C.checksum(flipped), CRC32C.checksum(bytes))
    }
  }
}
