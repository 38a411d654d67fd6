// Saved state: the format's checks, the atomic replacement keeping a previous copy, and falling
// back to it when the current copy is torn or corrupt.

import Foundation
import NavProtocol
import XCTest

@testable import NavServer

final class StateFileTests: XCTestCase {
  var directory = ""

  override func setUpWithError() throws {
    directory = NSTemporaryDirectory() + "navd-state-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

  func saved(_ count: Int, name: String = "main") -> SavedSession {
    SavedSession(
      name: name, feature: "counter", version: UInt64(count), state: ["count": .integer(count)])
  }

  func testRoundTrip() throws {
    let original = SavedSession(
      name: "main", feature: "navigation", version: 12,
      state: ["path": [["id": 0, "screenA": ["count": 1]]], "title": "é \"quoted\""])
    XCTAssertEqual(try StateFile.decode(try StateFile.encode(original)), original)
  }

  func testTheHeaderCarriesLengthAndChecksum() throws {
    let bytes = try StateFile.encode(saved(3))
    let header = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    XCTAssertTrue(header.hasPrefix("navd-state 1 crc32c="), header)
    XCTAssertTrue(header.hasSuffix("length=\(bytes.count - header.utf8.count - 1)"), header)
  }

  func testTornAndCorruptFilesAreRejectedWithAReason() throws {
    let bytes = try StateFile.encode(saved(3))
    let cases: [([UInt8], String)] = [
      ([], "empty"),
      (Array(bytes.prefix(10)), "cut short"),
      (Array(bytes.dropLast(4)), "cut short"),
      (bytes + Array("x".utf8), "extra bytes"),
      (Array("hello\n{}".utf8), "not a navd state header"),
    ]
    for (candidate, reason) in cases {
      XCTAssertThrowsError(try StateFile.decode(candidate)) { error in
        XCTAssertTrue("\(error)".contains(reason), "\(error)")
      }
    }
    for index in bytes.indices.dropFirst(bytes.firstIndex(of: UInt8(ascii: "\n"))! + 1) {
      var flipped = bytes
      flipped[index] ^= 0x01
      XCTAssertThrowsError(try StateFile.decode(flipped), "bit flipped at \(index)") { error in
        XCTAssertTrue("\(error)".contains("checksum"), "\(error)")
      }
    }
  }

  func testWritingKeepsThePreviousCopy() throws {
    try StateFile.write(saved(1), in: directory)
    try StateFile.write(saved(2), in: directory)
    XCTAssertEqual(StateFile.read(name: "main", in: directory).saved, saved(2))
    let previous = try XCTUnwrap(
      FileManager.default.contents(atPath: directory + "/main.state.prev"))
    XCTAssertEqual(try StateFile.decode(Array(previous)), saved(1))
    XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/main.state.tmp"))
    let mode =
      try FileManager.default.attributesOfItem(atPath: directory + "/main.state")[
        .posixPermissions] as? Int
    XCTAssertEqual(mode, 0o600)
  }

  func testACorruptCurrentCopyFallsBackToThePreviousOne() throws {
    try StateFile.write(saved(1), in: directory)
    try StateFile.write(saved(2), in: directory)
    let path = directory + "/main.state"
    var bytes = Array(try XCTUnwrap(FileManager.default.contents(atPath: path)))
    bytes[bytes.count - 3] ^= 0x04
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let (found, problems) = StateFile.read(name: "main", in: directory)
    XCTAssertEqual(found, saved(1))
    XCTAssertEqual(problems.count, 1)
    XCTAssertTrue(problems[0].contains(path) && problems[0].contains("checksum"), "\(problems)")

    try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: path + ".prev"))
    let (none, both) = StateFile.read(name: "main", in: directory)
    XCTAssertNil(none)
    XCTAssertEqual(both.count, 2)
  }

  func testACrashBetweenTheRenamesLeavesThePreviousCopy() throws {
    try StateFile.write(saved(1), in: directory)
    try StateFile.write(saved(2), in: directory)
    // The moment after `main.state` became `.prev` and before the new copy took its place.
    try FileManager.default.removeItem(atPath: directory + "/main.state")
    XCTAssertEqual(StateFile.read(name: "main", in: directory).saved, saved(1))
    XCTAssertEqual(StateFile.readAll(in: directory).sessions, [saved(1)])
  }

  func testALongNameGetsAFileNameEveryFileSystemTakes() throws {
    let names = [
      String(repeating: "y", count: 255), String(repeating: "é", count: 127),
      String(repeating: "y", count: 254) + "z", "\u{1F680}" + String(repeating: "%", count: 60),
    ]
    var files: Set<String> = []
    for name in names {
      let file = StateFile.fileName(of: name)
      XCTAssertLessThanOrEqual(file.utf8.count + ".prev".utf8.count, 255, file)
      XCTAssertTrue(file.contains("~"), "a long name's file carries its hash: \(file)")
      // Never cut inside a %XX.
      XCTAssertNil(file.firstMatch(of: /%[0-9A-F]?~/), file)
      files.insert(file)
      try StateFile.write(saved(1, name: name), in: directory)
    }
    XCTAssertEqual(files.count, names.count, "two long names share a file")
    let all = StateFile.readAll(in: directory)
    XCTAssertEqual(all.problems, [])
    XCTAssertEqual(Set(all.sessions.map(\.name)), Set(names))
    // Names that differ in one late byte differ in their hash, not their kept bytes.
    XCTAssertFalse(StateFile.collides(names[0], with: names[2]))
  }

  func testTwoSpellingsOfOneTextShareAFileAndCaseDoesNot() {
    XCTAssertEqual(
      StateFile.fileName(of: "\u{E9}t\u{E9}"), StateFile.fileName(of: "e\u{301}te\u{301}"))
    XCTAssertNotEqual(StateFile.fileName(of: "Alpha"), StateFile.fileName(of: "alpha"))
    XCTAssertNotEqual(StateFile.fileName(of: "~"), StateFile.fileName(of: "%7E"))
  }

  func testEveryNameGetsItsOwnFile() throws {
    XCTAssertEqual(StateFile.fileName(of: "main"), "main.state")
    XCTAssertEqual(StateFile.fileName(of: "a/b"), "a%2Fb.state")
    XCTAssertEqual(StateFile.fileName(of: ".."), "%2E..state")
    XCTAssertEqual(StateFile.fileName(of: "é"), "%C3%A9.state")
    for name in ["a/b", "..", "é", "x y", "main"] {
      try StateFile.write(saved(name.count, name: name), in: directory)
    }
    let all = StateFile.readAll(in: directory)
    XCTAssertEqual(all.problems, [])
    XCTAssertEqual(Set(all.sessions.map(\.name)), ["a/b", "..", "é", "x y", "main"])
    StateFile.remove(name: "a/b", in: directory)
    XCTAssertEqual(StateFile.readAll(in: directory).sessions.count, 4)
  }
}
