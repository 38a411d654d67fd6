// TypeMetadata: what the Swift runtime records about a type — its kind, size and descriptor.

// The value model builds values of types that are not `Decodable` (a feature's actions, its
// launch state) and reads their stored fields. It does so through the runtime's metadata, the
// stable Swift 5 ABI that `EnumMetadata` already reads for case paths (x86_64 and arm64 Linux):
// the kind at offset 0, the value witness table one word before, the nominal type descriptor at
// word 1 and generic arguments from word 2. Field and case types come from the descriptor's field
// records as mangled names, which the runtime resolves in the type's generic context.

/// The kinds of type the value model tells apart.
package enum TypeKind: Sendable, Equatable {
  /// A struct (metadata kind 0x200).
  case structure
  /// An enum other than `Optional` (0x201).
  case enumeration
  /// `Optional` (0x202).
  case optional
  /// A tuple (0x301).
  case tuple
  /// Anything else: classes, functions, existentials, metatypes.
  case other
}

/// A read-only view of one type's runtime metadata.
package struct TypeMetadata: @unchecked Sendable {
  /// The type described.
  package let type: Any.Type
  let pointer: UnsafeRawPointer

  /// Reads the metadata of `type`.
  package init(_ type: Any.Type) {
    self.type = type
    self.pointer = unsafeBitCast(type, to: UnsafeRawPointer.self)
  }

  /// The kind of the type.
  package var kind: TypeKind {
    switch pointer.load(as: Int.self) {
    case 0x200: .structure
    case 0x201: .enumeration
    case 0x202: .optional
    case 0x301: .tuple
    default: .other
    }
  }

  /// The value witness table: eight functions, then size, stride, flags and extra inhabitants.
  var witnesses: UnsafeRawPointer {
    pointer.load(fromByteOffset: -MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
  }

  /// The size of a value in bytes.
  package var size: Int { witnesses.load(fromByteOffset: 64, as: Int.self) }

  /// The alignment of a value in bytes.
  package var alignment: Int { Int(witnesses.load(fromByteOffset: 80, as: UInt32.self) & 0xFF) + 1 }

  /// The nominal type descriptor of a struct or enum.
  var descriptor: UnsafeRawPointer {
    pointer.load(fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
  }

  /// The generic arguments of a struct or enum, which follow its descriptor.
  var genericArguments: UnsafeRawPointer { pointer.advanced(by: 2 * MemoryLayout<Int>.size) }

  /// The field records of a struct or enum (`FieldDescriptor`: mangled name, superclass, kind,
  /// record size, count, then the records), or `nil` when it was built without reflection
  /// metadata.
  var fieldRecords: (records: UnsafeRawPointer, size: Int, count: Int)? {
    let fields = descriptor.advanced(by: 16)
    let offset = fields.load(as: Int32.self)
    guard offset != 0 else { return nil }
    let table = fields.advanced(by: Int(offset))
    let size = Int(table.load(fromByteOffset: 10, as: UInt16.self))
    let count = Int(table.load(fromByteOffset: 12, as: UInt32.self))
    return (table.advanced(by: 16), size, count)
  }

  /// The name and type of the field record at `record`: flags, mangled type name, name (each
  /// relative).
  ///
  /// The type is `nil` for an enum case without payload, or when the runtime cannot
  /// resolve it.
  func field(at record: UnsafeRawPointer) -> (name: String, type: Any.Type?, flags: UInt32) {
    let flags = record.load(as: UInt32.self)
    let nameOffset = record.load(fromByteOffset: 8, as: Int32.self)
    let name =
      nameOffset == 0
      ? ""
      : String(
        cString: record.advanced(by: 8 + Int(nameOffset)).assumingMemoryBound(to: CChar.self))
    let typeOffset = record.load(fromByteOffset: 4, as: Int32.self)
    guard typeOffset != 0 else { return (name, nil, flags) }
    let mangled = record.advanced(by: 4 + Int(typeOffset)).assumingMemoryBound(to: UInt8.self)
    let type = _getTypeByMangledNameInContext(
      mangled, UInt(Self.mangledNameLength(mangled)), genericContext: descriptor,
      genericArguments: genericArguments)
    return (name, type, flags)
  }

  /// The length of a mangled name, whose symbolic references (a byte 0x01–0x17 then a 4-byte
  /// offset, or 0x18–0x1F then a pointer) may hold zero bytes.
  static func mangledNameLength(_ name: UnsafePointer<UInt8>) -> Int {
    var length = 0
    while true {
      let byte = name[length]
      if byte == 0 { return length }
      if byte <= 0x17 {
        length += 5
      } else if byte <= 0x1F {
        length += 1 + MemoryLayout<Int>.size
      } else {
        length += 1
      }
    }
  }
}
