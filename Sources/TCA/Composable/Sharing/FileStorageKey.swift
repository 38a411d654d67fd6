// FileStorageKey: shared state kept in a file — `.fileStorage(url)` — written atomically,
// read back at launch, and never replaced behind the user's back when it cannot be read.

import Foundation

extension SharedReaderKey {
  /// A `Codable` value kept as JSON in the file at `url`.
  public static func fileStorage<Value: Codable>(
    _ url: URL, decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder()
  ) -> Self where Self == FileStorageKey<Value> {
    let decoder = UncheckedCoder(decoder)
    let encoder = UncheckedCoder(encoder)
    return FileStorageKey(
      url: url, decode: { try decoder.coder.decode(Value.self, from: $0) },
      encode: { try encoder.coder.encode($0) })
  }

  /// A value kept in the file at `url`, turned into bytes and back by `encode` and `decode`.
  public static func fileStorage<Value>(
    _ url: URL, decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(url: url, decode: decode, encode: encode)
  }
}

/// A JSON coder used from the writer's queue; Foundation's coders hold no state between calls.
struct UncheckedCoder<Coder>: @unchecked Sendable {
  let coder: Coder
  init(_ coder: Coder) { self.coder = coder }
}

/// A key for a value kept in a file, through the ``FileStorage`` in force (the file system; in
/// tests, memory).
///
/// - Saving writes a new file beside the old one and renames it over it, so a process killed
///   while writing leaves the last complete value. Writes are coalesced: while one is under way,
///   only the newest value waits, and every waiting value is written before the process exits.
/// - A file that cannot be decoded is reported (an issue, and `$value.loadError`); the value
///   starts from its default and the file is left as it is until a new value is set.
public struct FileStorageKey<Value: Sendable>: SharedKey {
  let url: URL
  let storage: FileStorage
  let decode: @Sendable (Data) throws -> Value
  let encode: @Sendable (Value) throws -> Data

  init(
    url: URL, decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) {
    self.url = url
    self.storage = DependencyValues.current.defaultFileStorage
    self.decode = decode
    self.encode = encode
  }

  /// The file and the storage.
  public var id: FileStorageKeyID {
    FileStorageKeyID(url: url.standardizedFileURL, storage: storage)
  }

  /// Reads and decodes the file; no file means the initial value.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    do {
      guard let data = try storage.load(url) else {
        continuation.resumeReturningInitialValue()
        return
      }
      do {
        continuation.resume(returning: try decode(data))
      } catch {
        continuation.resume(throwing: FileStorageError.unreadable(url: url, underlying: error))
      }
    } catch {
      continuation.resume(throwing: error)
    }
  }

  /// Changes made by other processes are not watched on Linux: `$value.load()` reads them.
  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
  {
    SharedSubscription {}
  }

  /// Encodes and writes the value, atomically.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    let encode = self.encode
    storage.save(url, { try encode(value) }) { error in
      if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
  }
}

extension FileStorageKey: CustomStringConvertible {
  /// `.fileStorage(/path/to/file.json)`.
  public var description: String { ".fileStorage(\(url.path))" }
}

/// The identity of a file key.
public struct FileStorageKeyID: Hashable, Sendable {
  let url: URL
  let storage: FileStorage
}

/// Why a file could not be used.
public enum FileStorageError: Error, CustomStringConvertible {
  /// The file exists but does not hold a value that decodes.
  case unreadable(url: URL, underlying: any Error)

  /// What went wrong, and what happens to the file.
  public var description: String {
    switch self {
    case .unreadable(let url, let underlying):
      "\(url.path) cannot be decoded (\(underlying)); it is left as it is, and the value starts "
        + "from its default until a new value is set"
    }
  }
}
