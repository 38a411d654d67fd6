// StoredFields: a struct's stored properties — name, type and offset — read from its metadata.

/// One stored property of a struct.
package struct StoredField: @unchecked Sendable {
  /// The property's declared name (`_count` for an `@ObservableState` property's storage).
  package let name: String
  /// The property's type.
  package let type: Any.Type
  /// Where the property lies in the struct, in bytes.
  package let offset: Int
}

extension TypeMetadata {
  /// The stored properties of a struct in declaration order, or `nil` when the type is not a
  /// struct, has no reflection metadata, or has a field whose type cannot be resolved.
  ///
  /// `StructDescriptor`: the type descriptor's fields, then `NumFields` (UInt32, offset 20) and
  /// `FieldOffsetVectorOffset` (UInt32, offset 24, in words from the metadata), where each
  /// field's offset is a UInt32.
  package var storedFields: [StoredField]? {
    MetadataCache.storedFields(of: self) { $0.readStoredFields }
  }

  private var readStoredFields: [StoredField]? {
    guard kind == .structure, let (records, size, count) = fieldRecords else { return nil }
    let declared = Int(descriptor.load(fromByteOffset: 20, as: UInt32.self))
    guard declared == count else { return nil }
    let vector = pointer.advanced(
      by: Int(descriptor.load(fromByteOffset: 24, as: UInt32.self)) * MemoryLayout<Int>.size)
    var fields: [StoredField] = []
    fields.reserveCapacity(count)
    for index in 0..<count {
      let (name, type, _) = field(at: records.advanced(by: index * size))
      guard let type else { return nil }
      let offset = Int(vector.load(fromByteOffset: index * 4, as: UInt32.self))
      fields.append(StoredField(name: name, type: type, offset: offset))
    }
    return fields
  }
}
