// PreviewRegistry: the previews linked into the process (`#Preview`s and `PreviewProvider`s),
// found in the Swift runtime's conformance records, so a host can list them and open them.

/// The previews declared in the modules linked into the process: every `#Preview`, and every
/// non-generic struct conforming to `PreviewProvider`.
///
/// Swift has no registry of types; the runtime has their conformances. Each `#Preview` expands
/// to a struct conforming to ``_HeadlessPreview``; the registry walks the protocol conformance
/// records of every loaded image (`swift_enumerateAllMetadataSections`, as Swift Testing found
/// its tests before its own sections), keeps the non-generic structs that conform to that
/// protocol or to ``PreviewProvider``, and asks each for its metadata. It reads the runtime's
/// section layout of Swift 5.9 and later (version 1 and up of `MetadataSections`), on Linux.
public enum PreviewRegistry {
  /// Every preview: the `#Preview`s in the order of their files and lines, then the providers
  /// by name.
  public static var all: [LinkedPreview] { found }

  /// The preview named `name`, or, for an unnamed one, declared at `name` (`File.swift:12`); a
  /// provider's name is its type's.
  public static func preview(named name: String) -> LinkedPreview? {
    found.first { $0.name == name } ?? found.first { $0.location == name }
  }

  private static let found: [LinkedPreview] = {
    var types: [Any.Type] = []
    withUnsafeMutablePointer(to: &types) { pointer in
      navd_enumerateMetadataSections(
        { sections, context in
          let types = context!.assumingMemoryBound(to: [Any.Type].self)
          PreviewRegistry.collect(from: sections, into: &types.pointee)
          return true
        }, UnsafeMutableRawPointer(pointer))
    }
    let macros = types.compactMap { $0 as? any _HeadlessPreview.Type }.map(LinkedPreview.init)
      .sorted { $0.location < $1.location }
    let providers = types.compactMap { type in
      (type as? any PreviewProvider.Type).map { LinkedPreview($0, name: "\(type)") }
    }.sorted { $0.title < $1.title }
    return macros + providers
  }()

  /// Offsets into the runtime's `MetadataSections`: a version word, the image's base address,
  /// two unused words, then a (start, length) range per section: `swift5_protocols`, then
  /// `swift5_protocol_conformances`.
  private static let conformancesRangeOffset = 4 * MemoryLayout<UInt>.size + 16

  /// The protocols whose conformers are previews: `(module, name)`.
  private static let previewProtocols: Set<[UInt8]> = [
    Array("HeadlessUICore._HeadlessPreview".utf8), Array("HeadlessUICore.PreviewProvider".utf8),
  ]

  private static func collect(from sections: UnsafeRawPointer, into types: inout [Any.Type]) {
    guard sections.load(as: UInt.self) >= 1 else { return }
    let start = sections.load(fromByteOffset: conformancesRangeOffset, as: UInt.self)
    let length = sections.load(
      fromByteOffset: conformancesRangeOffset + MemoryLayout<UInt>.size, as: Int.self)
    guard start != 0, length > 0, let base = UnsafeRawPointer(bitPattern: start) else { return }
    for offset in stride(from: 0, to: length, by: 4) {
      // Each record is a direct relative pointer to a conformance descriptor: the protocol (an
      // indirectable relative pointer), the type (relative, of the kind the flags say), the
      // witness table pattern, and the flags.
      let record = base + offset
      let conformance = record + Int(record.load(as: Int32.self))
      guard let proto = indirectable(conformance), isPreviewProtocol(proto) else { continue }
      let flags = (conformance + 12).load(as: UInt32.self)
      let typeField = conformance + 4
      let typeOffset = Int(typeField.load(as: Int32.self))
      let descriptor: UnsafeRawPointer?
      switch (flags >> 3) & 0x7 {
      case 0: descriptor = typeField + typeOffset  // a direct type descriptor
      case 1: descriptor = (typeField + typeOffset).load(as: UnsafeRawPointer?.self)
      default: descriptor = nil  // Objective-C classes
      }
      if let descriptor, let type = structType(at: descriptor) { types.append(type) }
    }
  }

  /// What the indirectable relative pointer at `field` points to.
  private static func indirectable(_ field: UnsafeRawPointer) -> UnsafeRawPointer? {
    let relative = field.load(as: Int32.self)
    guard relative != 0 else { return nil }
    let target = field + Int(relative & ~1)
    return relative & 1 == 1 ? target.load(as: UnsafeRawPointer?.self) : target
  }

  /// Whether the protocol descriptor at `descriptor` is one of ``previewProtocols``: its name
  /// after its parent's (the module's).
  private static func isPreviewProtocol(_ descriptor: UnsafeRawPointer) -> Bool {
    guard let module = indirectable(descriptor + 4) else { return false }
    let name = cString(descriptor + 8)
    let moduleName = cString(module + 8)
    return previewProtocols.contains(moduleName + [UInt8(ascii: ".")] + name)
  }

  /// The bytes of the C string the relative pointer at `field` points to.
  private static func cString(_ field: UnsafeRawPointer) -> [UInt8] {
    let start = field + Int(field.load(as: Int32.self))
    var bytes: [UInt8] = []
    var index = 0
    while bytes.count < 256 {
      let byte = start.load(fromByteOffset: index, as: UInt8.self)
      if byte == 0 { break }
      bytes.append(byte)
      index += 1
    }
    return bytes
  }

  /// The type `descriptor` describes, when it is a non-generic struct.
  private static func structType(at descriptor: UnsafeRawPointer) -> Any.Type? {
    let flags = descriptor.load(as: UInt32.self)
    guard flags & 0x1F == 17, flags & 0x80 == 0 else { return nil }  // 17: a struct
    let accessorField = descriptor + 12
    let accessorOffset = accessorField.load(as: Int32.self)
    guard accessorOffset != 0 else { return nil }
    let accessor = unsafeBitCast(
      accessorField + Int(accessorOffset),
      to: (@convention(c) (Int) -> UnsafeRawPointer).self)
    return unsafeBitCast(accessor(0), to: Any.Type.self)
  }
}

/// The runtime's walk over every loaded image's metadata sections.
@_silgen_name("swift_enumerateAllMetadataSections")
private func navd_enumerateMetadataSections(
  _ body: @convention(c) (UnsafeRawPointer, UnsafeMutableRawPointer?) -> Bool,
  _ context: UnsafeMutableRawPointer?
)
