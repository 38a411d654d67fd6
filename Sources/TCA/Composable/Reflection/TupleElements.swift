// TupleElements: a tuple type's elements — label, type and offset — read from its metadata.

/// One element of a tuple type.
package struct TupleElement: @unchecked Sendable {
  /// The element's label, or `nil` when it has none.
  package let label: String?
  /// The element's type.
  package let type: Any.Type
  /// Where the element lies in the tuple, in bytes.
  package let offset: Int
}

extension TypeMetadata {
  /// The elements of a tuple type, or `nil` when the type is not a tuple.
  ///
  /// `TupleTypeMetadata`: kind, element count, labels (one C string, each label followed by a
  /// space, or null), then a (type, offset) pair per element. The offset is a UInt32 off Apple
  /// platforms (its word's other half is padding, whatever it holds), a word on them.
  package var tupleElements: [TupleElement]? {
    guard kind == .tuple else { return nil }
    let count = pointer.load(fromByteOffset: 8, as: Int.self)
    var labels: [String?] = Array(repeating: nil, count: count)
    if let text = pointer.load(fromByteOffset: 16, as: UnsafePointer<CChar>?.self) {
      let parts = String(cString: text).split(separator: " ", omittingEmptySubsequences: false)
      for index in 0..<min(count, parts.count) where !parts[index].isEmpty {
        labels[index] = String(parts[index])
      }
    }
    return (0..<count).map { index in
      let entry = 24 + index * 16
      return TupleElement(
        label: labels[index],
        type: unsafeBitCast(
          pointer.load(fromByteOffset: entry, as: UnsafeRawPointer.self), to: Any.Type.self),
        offset: Int(pointer.load(fromByteOffset: entry + 8, as: UInt32.self)))
    }
  }
}
