// `.fileStorage` under faults, in real processes (Swift Testing's exit tests): a process killed
// while it writes leaves the last complete value, and a process that finds a corrupt file
// reports it and leaves it as it is until a new value is set.

import Foundation
import ConcurrencyExtras
import Sharing
import Testing

#if os(Linux)
  import Glibc
#endif

/// A value large enough that writing it takes a while, so the kill lands mid-write.
private struct Shelf: Codable, Equatable, Sendable {
  var generation: Int
  var titles: [String]
}

private func scratchFile(_ name: String) -> String {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("navd-file-faults-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory.appendingPathComponent(name).path
}

/// A shelf stored as 32 MiB: its generation, then filler, then the generation again.
///
/// Encoding costs nothing, so the writer spends its time writing and the kill lands mid-write.
private enum BulkShelf {
  static let size = 32 << 20

  static func encode(_ generation: Int) -> Data {
    var data = Data(count: size)
    withUnsafeBytes(of: Int64(generation).littleEndian) { marker in
      data.replaceSubrange(0..<8, with: marker)
      data.replaceSubrange((size - 8)..<size, with: marker)
    }
    return data
  }

  /// The generation, or an error for a file that is not whole.
  static func decode(_ data: Data) throws -> Int {
    guard data.count == size else { throw CocoaError(.fileReadCorruptFile) }
    let head = data.prefix(8).withUnsafeBytes { $0.loadUnaligned(as: Int64.self) }
    let tail = data.suffix(8).withUnsafeBytes { $0.loadUnaligned(as: Int64.self) }
    guard head == tail else { throw CocoaError(.fileReadCorruptFile) }
    return Int(Int64(littleEndian: head))
  }
}

@Test func aProcessKilledWhileWritingLeavesTheLastCompleteValue() async throws {
  let path = scratchFile("shelf.bin")
  await #expect(processExitsWith: .signal(SIGKILL)) { [path = path as String] in
    let url = URL(fileURLWithPath: path)
    withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      @Shared(
        .fileStorage(
          url, decode: { @Sendable in try BulkShelf.decode($0) },
          encode: { @Sendable in BulkShelf.encode($0) }))
      var generation = 0
      // Die without warning in the middle of a write: once one value is whole on disk, as
      // soon as a file in the directory (the new value on its way) is partly written.
      let killer = Thread {
        let manager = FileManager.default
        let directory = url.deletingLastPathComponent().path
        func size(_ name: String) -> Int {
          let attributes = try? manager.attributesOfItem(atPath: directory + "/" + name)
          return (attributes?[.size] as? NSNumber)?.intValue ?? 0
        }
        let deadline = ContinuousClock.now + .seconds(5)
        while size(url.lastPathComponent) != BulkShelf.size, ContinuousClock.now < deadline {}
        while ContinuousClock.now < deadline {
          let names = (try? manager.contentsOfDirectory(atPath: directory)) ?? []
          if names.contains(where: { (1..<BulkShelf.size).contains(size($0)) }) { break }
        }
        kill(getpid(), SIGKILL)
      }
      killer.start()
      while true {
        $generation.withLock { $0 += 1 }
        usleep(1_000)
      }
    }
  }
  let data = try Data(contentsOf: URL(fileURLWithPath: path))
  #expect(try BulkShelf.decode(data) > 0)
}

@Test func aProcessFindingACorruptFileReportsItAndLeavesIt() async throws {
  let path = scratchFile("shelf.json")
  let corrupt = Data("{\"generation\": 3, \"titles\": [\"half a ti".utf8)
  try corrupt.write(to: URL(fileURLWithPath: path))
  await #expect(processExitsWith: .success) { [path = path as String] in
    let url = URL(fileURLWithPath: path)
    let reported = LockIsolated<[String]>([])
    withDependencies {
      $0.defaultFileStorage = .fileSystem
      $0.issueReporter = IssueReporter { message, _ in reported.withValue { $0.append(message) } }
    } operation: {
      @Shared(.fileStorage(url)) var shelf = Shelf(generation: -1, titles: [])
      FileStorage.flush()
      guard shelf.generation == -1, $shelf.loadError != nil,
        reported.value.contains(where: { $0.contains("cannot be decoded") })
      else { exit(1) }
    }
    exit(0)
  }
  // The file is as it was: the corrupt value was not replaced by the default.
  #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == corrupt)
  await #expect(processExitsWith: .success) { [path = path as String] in
    let url = URL(fileURLWithPath: path)
    withDependencies {
      $0.defaultFileStorage = .fileSystem
      $0.issueReporter = IssueReporter { _, _ in }
    } operation: {
      @Shared(.fileStorage(url)) var shelf = Shelf(generation: -1, titles: [])
      $shelf.withLock { $0 = Shelf(generation: 4, titles: ["mended"]) }
    }
    exit(0)  // what is still waiting to be written is written at exit
  }
  let mended = try JSONDecoder().decode(
    Shelf.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
  #expect(mended == Shelf(generation: 4, titles: ["mended"]))
}
