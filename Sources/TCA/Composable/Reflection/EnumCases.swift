// EnumCases: an enum's cases — name, tag, payload type — and building a value of one of them.

/// One case of an enum, as its metadata records it.
package struct EnumCaseInfo: @unchecked Sendable {
  /// The case's declared name.
  package let name: String
  /// The case's tag: cases whose payload takes memory first, then the others.
  package let tag: UInt32
  /// The payload's type, or `nil` for a case without one.
  ///
  /// A case with several values, or one
  /// labeled value (`case delete(id: UUID)`), has a tuple type.
  package let payload: Any.Type?
  /// Whether the payload is stored out of line, in a box (`indirect`).
  package let isIndirect: Bool
}

extension TypeMetadata {
  /// The cases of an enum or `Optional` in tag order, or `nil` when the type is neither, has
  /// no reflection metadata, or has a payload type the runtime cannot resolve.
  ///
  /// Read once per type: resolving the payloads' mangled names is the slow part of building.
  package var enumCases: [EnumCaseInfo]? {
    MetadataCache.enumCases(of: self) { $0.readEnumCases }
  }

  private var readEnumCases: [EnumCaseInfo]? {
    guard kind == .enumeration || kind == .optional, let (records, size, count) = fieldRecords
    else { return nil }
    var cases: [EnumCaseInfo] = []
    cases.reserveCapacity(count)
    for index in 0..<count {
      let record = records.advanced(by: index * size)
      let hasPayload = record.load(fromByteOffset: 4, as: Int32.self) != 0
      let (name, type, flags) = field(at: record)
      if hasPayload, type == nil { return nil }
      cases.append(
        EnumCaseInfo(
          name: name, tag: UInt32(index), payload: type, isIndirect: flags & 0x1 != 0))
    }
    return cases
  }

  /// Returns the enum value of the case with `tag`, whose payload `writePayload` initializes at
  /// the pointer it is given (it is not called for a case without payload).
  ///
  /// The payload is written where the enum keeps it, at offset 0; the value witness
  /// `destructiveInjectEnumTag` then sets the case. The enum must not be `indirect` in that case.
  package func makeEnum<Enum>(
    _: Enum.Type, tag: UInt32, writePayload: ((UnsafeMutableRawPointer) -> Void)?
  ) -> Enum {
    precondition(type == Enum.self, "makeEnum: \(Enum.self) is not \(type)")
    guard let metadata = EnumMetadata(type) else { preconditionFailure("\(type) is not an enum") }
    return withUnsafeTemporaryAllocation(
      byteCount: max(size, 1), alignment: max(alignment, MemoryLayout<Int>.alignment)
    ) { buffer in
      let base = buffer.baseAddress!
      writePayload?(base)
      metadata.injectEnumTag(base, tag, metadata.metadata)
      return base.assumingMemoryBound(to: Enum.self).move()
    }
  }

  /// Returns a struct whose every stored field `writeField` initializes, at the pointer it is
  /// given (the struct's base plus the field's offset).
  package func makeStruct<Value>(
    _: Value.Type, fields: [StoredField],
    writeField: (StoredField, UnsafeMutableRawPointer) -> Void
  ) -> Value {
    precondition(type == Value.self, "makeStruct: \(Value.self) is not \(type)")
    return withUnsafeTemporaryAllocation(
      byteCount: max(size, 1), alignment: max(alignment, MemoryLayout<Int>.alignment)
    ) { buffer in
      let base = buffer.baseAddress!
      for field in fields { writeField(field, base.advanced(by: field.offset)) }
      return base.assumingMemoryBound(to: Value.self).move()
    }
  }

  /// The tag of the case `value` holds.
  package func tag<Enum>(of value: Enum) -> UInt32? {
    guard let metadata = EnumMetadata(Enum.self) else { return nil }
    return metadata.tag(of: value)
  }
}
