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
  /// struct, has no reflection metadata, or has a field whose type cannot be resolved or that
  /// is `weak` or `unowned` (such storage is not laid out as a value of its type).
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
      let record = records.advanced(by: index * size)
      let (name, type, _) = field(at: record)
      guard let type, !isReferenceStorage(at: record) else { return nil }
      let offset = Int(vector.load(fromByteOffset: index * 4, as: UInt32.self))
      fields.append(StoredField(name: name, type: type, offset: offset))
    }
    return fields
  }

  /// Whether the field record's type is `weak`, `unowned` or `unowned(unsafe)` storage: its
  /// mangled name ends in `Xw`, `Xo` or `Xu` (read past symbolic references, whose operand
  /// bytes are not characters).
  private func isReferenceStorage(at record: UnsafeRawPointer) -> Bool {
    let typeOffset = record.load(fromByteOffset: 4, as: Int32.self)
    guard typeOffset != 0 else { return false }
    let name = record.advanced(by: 4 + Int(typeOffset)).assumingMemoryBound(to: UInt8.self)
    var index = 0
    var last: UInt8 = 0
    var beforeLast: UInt8 = 0
    while name[index] != 0 {
      let byte = name[index]
      if byte <= 0x1F {
        index += byte <= 0x17 ? 5 : 1 + MemoryLayout<Int>.size
        (beforeLast, last) = (0, 0)
      } else {
        index += 1
        (beforeLast, last) = (last, byte)
      }
    }
    return beforeLast == UInt8(ascii: "X")
      && (last == UInt8(ascii: "w") || last == UInt8(ascii: "o") || last == UInt8(ascii: "u"))
  }
}
