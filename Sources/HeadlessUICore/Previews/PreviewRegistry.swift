// PreviewRegistry: the `#Preview`s linked into the process, found in the Swift runtime's type
// metadata, so a host can list them and open them as screens.

/// The previews `#Preview` declared in the modules linked into the process.
///
/// Swift has no registry of types; the runtime has their metadata. Each `#Preview` expands to a
/// type named `_NavdPreview` (inside a uniquely named namespace); the registry walks the type
/// metadata records of every loaded image (`swift_enumerateAllMetadataSections`, as Swift
/// Testing found its tests before its own sections), keeps the non-generic structs of that
/// name, and asks each for its metadata. It reads the runtime's section layout of Swift 5.9 and
/// later (version 1 and up of `MetadataSections`), on Linux.
public enum PreviewRegistry {
  /// Every preview, in the order of their files and lines.
  public static var all: [any _HeadlessPreview.Type] { found }

  nonisolated(unsafe) private static let found: [any _HeadlessPreview.Type] = {
    var types: [any _HeadlessPreview.Type] = []
    withUnsafeMutablePointer(to: &types) { pointer in
      navd_enumerateMetadataSections(
        { sections, context in
          let types = context!.assumingMemoryBound(to: [any _HeadlessPreview.Type].self)
          PreviewRegistry.collect(from: sections, into: &types.pointee)
          return true
        }, UnsafeMutableRawPointer(pointer))
    }
    return types.sorted { $0.location < $1.location }
  }()

  /// Offsets into the runtime's `MetadataSections`: a version word, the image's base address,
  /// two unused words, then a (start, length) range per section, `swift5_protocols` first.
  private static let typeMetadataRangeOffset = 4 * MemoryLayout<UInt>.size + 2 * 16

  private static func collect(
    from sections: UnsafeRawPointer, into types: inout [any _HeadlessPreview.Type]
  ) {
    guard sections.load(as: UInt.self) >= 1 else { return }
    let start = sections.load(fromByteOffset: typeMetadataRangeOffset, as: UInt.self)
    let length = sections.load(
      fromByteOffset: typeMetadataRangeOffset + MemoryLayout<UInt>.size, as: Int.self)
    guard start != 0, length > 0, let base = UnsafeRawPointer(bitPattern: start) else { return }
    for offset in stride(from: 0, to: length, by: 4) {
      let record = base + offset
      let relative = record.load(as: Int32.self)
      var descriptor = record + Int(relative & ~3)
      if relative & 3 == 1 {  // an indirect reference: the descriptor's address is stored there
        guard let indirect = descriptor.load(as: UnsafeRawPointer?.self) else { continue }
        descriptor = indirect
      }
      if let type = preview(at: descriptor) { types.append(type) }
    }
  }

  /// The preview type `descriptor` describes, when it is one: a non-generic struct named
  /// `_NavdPreview`.
  private static func preview(at descriptor: UnsafeRawPointer) -> (any _HeadlessPreview.Type)? {
    let flags = descriptor.load(as: UInt32.self)
    let kind = flags & 0x1F
    let isGeneric = flags & 0x80 != 0
    guard kind == 17, !isGeneric else { return nil }  // 17: a struct
    let nameField = descriptor + 8
    let name = nameField + Int(nameField.load(as: Int32.self))
    guard strcmpNavdPreview(name) else { return nil }
    let accessorField = descriptor + 12
    let accessorOffset = accessorField.load(as: Int32.self)
    guard accessorOffset != 0 else { return nil }
    let accessor = unsafeBitCast(
      accessorField + Int(accessorOffset),
      to: (@convention(c) (Int) -> UnsafeRawPointer).self)
    let metadata = accessor(0)
    let type = unsafeBitCast(metadata, to: Any.Type.self)
    return type as? any _HeadlessPreview.Type
  }

  /// Whether the C string at `name` is `_NavdPreview`.
  private static func strcmpNavdPreview(_ name: UnsafeRawPointer) -> Bool {
    let expected = Array("_NavdPreview".utf8) + [0]
    for (index, byte) in expected.enumerated()
    where name.load(fromByteOffset: index, as: UInt8.self) != byte {
      return false
    }
    return true
  }
}

/// The runtime's walk over every loaded image's metadata sections.
@_silgen_name("swift_enumerateAllMetadataSections")
private func navd_enumerateMetadataSections(
  _ body: @convention(c) (UnsafeRawPointer, UnsafeMutableRawPointer?) -> Bool,
  _ context: UnsafeMutableRawPointer?
)
