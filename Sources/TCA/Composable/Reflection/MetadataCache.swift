// MetadataCache: each type's cases and stored fields, read from its metadata once per process.

import NavSync

/// What ``TypeMetadata`` has read of each type, kept for the life of the process: types never
/// go away, and a feature's few dozen types are read on every action built without `Decodable`.
enum MetadataCache {
  private static let cases = Protected<[Int: [EnumCaseInfo]?]>([:])
  private static let fields = Protected<[Int: [StoredField]?]>([:])

  /// The cases of `metadata`'s type, read by `read` the first time.
  static func enumCases(
    of metadata: TypeMetadata, read: (TypeMetadata) -> [EnumCaseInfo]?
  ) -> [EnumCaseInfo]? {
    cached(in: cases, metadata, read)
  }

  /// The stored fields of `metadata`'s type, read by `read` the first time.
  static func storedFields(
    of metadata: TypeMetadata, read: (TypeMetadata) -> [StoredField]?
  ) -> [StoredField]? {
    cached(in: fields, metadata, read)
  }

  /// What `table` holds for `metadata`'s type, or what `read` reads, kept in `table`.
  private static func cached<Value: Sendable>(
    in table: borrowing Protected<[Int: Value?]>, _ metadata: TypeMetadata,
    _ read: (TypeMetadata) -> Value?
  ) -> Value? {
    let key = Int(bitPattern: metadata.pointer)
    if let known = table.withLock({ $0[key] }) { return known }
    let value = read(metadata)
    table.withLock { $0[key] = .some(value) }
    return value
  }
}
