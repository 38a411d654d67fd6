// When a session's changes reach the disk under each durability.

import Foundation
import NavScript
import ScriptedCaseStudies
import XCTest

@testable import NavServer

final class StatePersistenceTests: XCTestCase {
  var directory = ""

  override func setUp() {
    directory = NSTemporaryDirectory() + "navd-persistence-\(UUID().uuidString)"
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

  func makeSession(_ durability: Durability, delay: Duration = .milliseconds(50)) throws -> (
    Session, StatePersistence
  ) {
    let persistence = try StatePersistence(
      directory: directory, durability: durability, delay: delay, log: Logger(level: .error))
    let counter = try XCTUnwrap(ScriptFeature.caseStudies.first { $0.name == "counter" })
    let session = try Session(name: "c", feature: counter, state: nil, persistence: persistence)
    return (session, persistence)
  }

  func savedCount() -> Int? {
    guard let saved = StateFile.read(name: "c", in: directory).saved else { return nil }
    return saved.state["count"]?.intValue
  }

  func testAlwaysSavesBeforeTheSendReturns() throws {
    let (session, _) = try makeSession(.always)
    defer { session.close() }
    for expected in 1...5 {
      try session.script.send(path: "incrementButtonTapped")
      XCTAssertEqual(savedCount(), expected)
    }
    XCTAssertEqual(StateFile.read(name: "c", in: directory).saved?.feature, "counter")
  }

  func testAFailedSaveMarksTheSessionUntilASaveSucceeds() throws {
    let (session, persistence) = try makeSession(.always)
    defer { session.close() }
    try session.script.send(path: "incrementButtonTapped")
    XCTAssertEqual(session.isSaved, true)
    // A file where the directory was: every write fails, root or not.
    try FileManager.default.removeItem(atPath: directory)
    XCTAssertTrue(FileManager.default.createFile(atPath: directory, contents: Data()))
    let (_, failure) = try SaveFailureRecorder.recording { () throws in
      try session.script.send(path: "incrementButtonTapped")
    }
    XCTAssertNotNil(failure, "the request that made the change hears of the failed save")
    XCTAssertEqual(session.isSaved, false)
    XCTAssertTrue(persistence.hasUnsavedSessions)
    XCTAssertNotNil(persistence.saveNow(session), "a save now fails too")
    try FileManager.default.removeItem(atPath: directory)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    XCTAssertNil(persistence.saveNow(session))
    XCTAssertEqual(session.isSaved, true)
    XCTAssertFalse(persistence.hasUnsavedSessions)
    XCTAssertEqual(savedCount(), 2)
  }

  func testARestoreMovesAFileNamedUnderAnEarlierRule() throws {
    // A name not in NFC was saved under its own bytes before names were normalized.
    let decomposed = "caf" + "e\u{301}"
    let saved = SavedSession(
      name: decomposed, feature: "counter", version: 3, state: ["count": .integer(3)])
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try StateFile.write(saved, in: directory)
    let current = StateFile.fileName(of: decomposed)
    try FileManager.default.moveItem(
      atPath: directory + "/" + current, toPath: directory + "/cafe%CC%81.state")
    let persistence = try StatePersistence(
      directory: directory, durability: .always, delay: .zero, log: Logger(level: .error))
    XCTAssertEqual(persistence.restore().map(\.name), [decomposed])
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    XCTAssertEqual(files, [current], "the copy moved to the name's file of today")
    XCTAssertEqual(current, "caf%C3%A9.state")
  }

  func testBatchSavesOnceWithinTheDelay() throws {
    let (session, _) = try makeSession(.batch, delay: .milliseconds(50))
    defer { session.close() }
    for _ in 1...20 { try session.script.send(path: "incrementButtonTapped") }
    let deadline = Date() + 10
    while savedCount() != 20, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    XCTAssertEqual(savedCount(), 20)
  }

  func testOffSavesOnlyWhenAskedAndAClosedSessionIsForgotten() throws {
    let (session, persistence) = try makeSession(.off)
    try session.script.send(path: "incrementButtonTapped")
    Thread.sleep(forTimeInterval: 0.1)
    XCTAssertNil(savedCount())
    persistence.saveAll([session])
    XCTAssertEqual(savedCount(), 1)
    session.close()
    persistence.remove(session)
    XCTAssertNil(savedCount())
    persistence.saveAll([session])
    XCTAssertNil(savedCount(), "a closed session is not written again")
  }

  func testBecomingStricterSavesWhatWaits() throws {
    let (session, persistence) = try makeSession(.off)
    defer { session.close() }
    try session.script.send(path: "incrementButtonTapped")
    persistence.update(durability: .always, delay: .milliseconds(100))
    XCTAssertEqual(savedCount(), 1)
  }

  func testSavingOverACorruptCopyKeepsTheGoodPreviousOne() throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let good = SavedSession(name: "c", feature: "counter", version: 7, state: ["count": 7])
    try StateFile.write(good, in: directory)
    try StateFile.write(good, in: directory)
    let current = directory + "/c.state"
    try Data("navd-state 1 crc32c=00000000 length=64\n{\"cut".utf8).write(
      to: URL(fileURLWithPath: current))
    let (session, persistence) = try makeSession(.off)
    defer { session.close() }
    try session.script.send(path: "incrementButtonTapped")
    persistence.saveAll([session])
    let previous = try XCTUnwrap(FileManager.default.contents(atPath: current + ".prev"))
    XCTAssertEqual(try StateFile.decode(Array(previous)), good, "the good copy stays as .prev")
    XCTAssertEqual(savedCount(), 1)
    persistence.saveAll([session])
    let rotated = try XCTUnwrap(FileManager.default.contents(atPath: current + ".prev"))
    XCTAssertEqual(
      try StateFile.decode(Array(rotated)).state["count"]?.intValue, 1,
      "once the current copy is sound again, saves rotate as usual")
  }

  func testAnOlderSnapshotNeverOverwritesANewerOne() throws {
    let (session, persistence) = try makeSession(.off)
    defer { session.close() }
    persistence.save(session, version: 6, state: ["count": 6])
    persistence.save(session, version: 5, state: ["count": 5])
    XCTAssertEqual(savedCount(), 6, "a flush's stale snapshot arrived after a newer save")
    persistence.save(session, version: 7, state: ["count": 7])
    XCTAssertEqual(savedCount(), 7)
  }
}
