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
    let key = Int(bitPattern: metadata.pointer)
    if let known = cases.withLock({ $0[key] }) { return known }
    let read = read(metadata)
    cases.withLock { $0[key] = .some(read) }
    return read
  }

  /// The stored fields of `metadata`'s type, read by `read` the first time.
  static func storedFields(
    of metadata: TypeMetadata, read: (TypeMetadata) -> [StoredField]?
  ) -> [StoredField]? {
    let key = Int(bitPattern: metadata.pointer)
    if let known = fields.withLock({ $0[key] }) { return known }
    let read = read(metadata)
    fields.withLock { $0[key] = .some(read) }
    return read
  }
}
