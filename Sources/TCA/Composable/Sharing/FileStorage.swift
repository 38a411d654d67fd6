// FileStorage: how `.fileStorage` keys read and write files — the real file system, with
// atomic, coalesced writes, or a dictionary in memory for tests.

import Foundation
import NavSync

/// Where `.fileStorage` keys read and write: ``fileSystem`` in the app, ``inMemory`` in tests.
public struct FileStorage: Hashable, Sendable {
  private let identity: Identity
  let load: @Sendable (URL) throws -> Data?
  let save:
    @Sendable (
      URL, @escaping @Sendable () throws -> Data, @escaping @Sendable ((any Error)?) -> Void
    )
      -> Void

  private final class Identity: Sendable {}

  /// The real file system: reads files, and writes each new value beside the old and renames it
  /// over it, on a writer thread that keeps only the newest value per file while it is busy.
  public static let fileSystem = FileStorage(
    identity: Identity(),
    load: { url in
      guard FileManager.default.fileExists(atPath: url.path) else { return nil }
      return try Data(contentsOf: url)
    },
    save: { url, encode, done in FileWriter.shared.write(url, encode, done) })

  /// Files kept in a dictionary, not on disk: what tests use, a fresh one each time.
  public static var inMemory: FileStorage {
    let files = Protected<[URL: Data]>([:])
    let box = InMemoryFiles(files: files)
    return FileStorage(
      identity: Identity(),
      load: { url in box.files.withLock { $0[url.standardizedFileURL] } },
      save: { url, encode, done in
        do {
          let data = try encode()
          box.files.withLock { $0[url.standardizedFileURL] = data }
          done(nil)
        } catch {
          done(error)
        }
      })
  }

  private final class InMemoryFiles: Sendable {
    let files: Protected<[URL: Data]>
    init(files: consuming Protected<[URL: Data]>) { self.files = files }
  }

  /// Writes every value still waiting to be written, blocking until they are on disk: what the
  /// process does before it exits.
  public static func flush() { FileWriter.shared.flush() }

  /// Whether two storages are the same one.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identity === rhs.identity }

  /// Hashes the storage's identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(identity)) }
}

/// The file system's writer: one serial queue, the newest value per file, flushed at exit.
final class FileWriter: @unchecked Sendable {
  static let shared = FileWriter()

  private struct Pending {
    var encode: @Sendable () throws -> Data
    var done: [@Sendable ((any Error)?) -> Void]
  }

  private let queue = DispatchQueue(label: "navd.file-storage")
  private let lock = NSLock()
  private var pending: [URL: Pending] = [:]
  private var registeredExit = false

  func write(
    _ url: URL, _ encode: @escaping @Sendable () throws -> Data,
    _ done: @escaping @Sendable ((any Error)?) -> Void
  ) {
    let schedule: Bool = lock.withLock {
      if !registeredExit {
        registeredExit = true
        atexit { FileWriter.shared.flush() }
      }
      if var waiting = pending[url] {
        waiting.encode = encode
        waiting.done.append(done)
        pending[url] = waiting
        return false
      }
      pending[url] = Pending(encode: encode, done: [done])
      return true
    }
    if schedule { queue.async { self.drain(url) } }
  }

  /// Writes the newest value waiting for `url`.
  private func drain(_ url: URL) {
    guard let job = lock.withLock({ pending.removeValue(forKey: url) }) else { return }
    var failure: (any Error)?
    do {
      let data = try job.encode()
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url, options: .atomic)
    } catch {
      failure = error
    }
    for done in job.done { done(failure) }
  }

  func flush() {
    let urls = lock.withLock { Array(pending.keys) }
    for url in urls { queue.sync { self.drain(url) } }
    queue.sync {}
  }
}

private enum DefaultFileStorageKey: DependencyKey {
  static var liveValue: FileStorage { _isTestProcess ? testValue : .fileSystem }
  static var testValue: FileStorage { TestStorages.current.files }
  static var previewValue: FileStorage { TestStorages.current.files }
}

extension DependencyValues {
  /// Where `.fileStorage` keys read and write: the file system, or memory in tests and previews.
  public var defaultFileStorage: FileStorage {
    get { self[DefaultFileStorageKey.self] }
    set { self[DefaultFileStorageKey.self] = newValue }
  }
}
