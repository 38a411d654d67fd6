// CasePath and `/Enum.case`: embed a value in an enum case, extract it by the enum's layout.

import NavSync
import Synchronization

/// A path that can embed a value in one case of an enum and try to extract it back out.
///
/// Case paths are to enum cases what key paths are to properties. Write them with the prefix
/// operator on a case constructor, as in TCA 1.0–1.3:
///
/// ```swift
/// Scope(state: /Destination.State.sheet, action: /Destination.Action.sheet) { Counter() }
/// ```
///
/// or by hand with ``init(embed:extract:)``.
public struct CasePath<Root, Value>: @unchecked Sendable {
  @usableFromInline let _embed: (Value) -> Root
  @usableFromInline let _storage: Storage

  /// How a path extracts.
  ///
  /// Kept small: reducer bodies build and copy case paths on every action.
  @usableFromInline
  enum Storage {
    /// A `/Enum.case` path whose constructor is a context-free thunk: what is known about the
    /// case lives in the process-wide ``ThunkTable``, so building the path allocates nothing.
    case thin(ThinEnumCase)
    /// A `/Enum.case` path that learns its case itself (unoptimized builds, closures).
    case instance(EnumCaseExtractor<Root, Value>)
    /// A hand-written path.
    case closure((Root) -> Value?)
  }

  /// Creates a case path from a function that embeds a value and one that tries to extract it.
  ///
  /// `extract` must have no side effects: calls to it may be merged or skipped, as calls to a
  /// `switch` would be.
  public init(embed: @escaping (Value) -> Root, extract: @escaping (Root) -> Value?) {
    self._embed = embed
    self._storage = .closure(extract)
  }

  @usableFromInline
  init(enumCase extractor: EnumCaseExtractor<Root, Value>) {
    self._embed = extractor.embed
    self._storage = .instance(extractor)
  }

  @usableFromInline
  init(embed: @escaping (Value) -> Root, thin: ThinEnumCase) {
    self._embed = embed
    self._storage = .thin(thin)
  }

  /// Returns a root that holds `value` in this path's case.
  @inlinable
  public func embed(_ value: Value) -> Root { _embed(value) }

  /// Returns the value in this path's case of `root`, or `nil` when `root` is in another case.
  ///
  /// A `/Enum.case` path (and so a case key path of a `@CasePathable` case with one value or
  /// none) whose case is known and told apart by the root's extra tag byte decides inline, as
  /// the `switch` of a hand-written extraction does: a load of what is known, a masked compare of
  /// that byte, and the payload. Everything it needs is in one word that one load reads whole
  /// (see ``ThinEnumCase/knownByPlainLoad``); a path that does not see it yet goes out of line,
  /// as does every other path.
  @inlinable @inline(__always)
  public func extract(from root: Root) -> Value? {
    if case .thin(let thin) = _storage {
      let known = thin.knownByPlainLoad
      if KnownCase.decidedByLastByte(known) {
        // Unprotected: the two reads are in bounds, at offsets known when compiled, so the stack
        // protector's canary, set and checked on every call, would guard nothing.
        return _withUnprotectedUnsafeBytes(of: root) { bytes -> Value? in
          // At an offset known when compiled: a root in registers need not be stored to read it.
          let byte = bytes.load(fromByteOffset: MemoryLayout<Root>.size - 1, as: UInt8.self)
          guard byte & KnownCase.byteMask(known) == KnownCase.bytePattern(known) else {
            return nil
          }
          return bytes.load(as: Value.self)
        }
      }
    }
    return Self.extractOutOfLine(self, from: root)
  }

  /// Extraction through every path that ``extract(from:)`` does not decide inline.
  ///
  /// Declared free of side effects (`@_effects(readonly)`), as a `switch` is: what a path learns
  /// about its case is a cache that never changes a result. Without that, a caller holding
  /// `root` in memory the optimizer cannot see into (an array element, a class property) copied
  /// it around every call, retaining and releasing its payload, which cost more than the
  /// extraction. Extract closures given to ``init(embed:extract:)`` must be free of side effects
  /// too, as TCA's are.
  ///
  /// A static function, not a method: the path is an ordinary argument rather than `self`, whose
  /// register the caller would have to save, so the inline path's call to it can be a jump.
  @inlinable @inline(never) @_effects(readonly)
  static func extractOutOfLine(_ path: CasePath, from root: Root) -> Value? {
    switch path._storage {
    case .thin(let thin): return thin.extract(from: root, embed: path._embed)
    case .instance(let extractor): return extractor.extract(from: root)
    case .closure(let extract): return extract(root)
    }
  }

  /// Changes the value in this path's case of `root` in place and returns the closure's result,
  /// or does nothing and returns `nil` when `root` is in another case.
  @discardableResult
  public func modify<Result>(
    _ root: inout Root, _ body: (inout Value) throws -> Result
  ) rethrows -> Result? {
    guard var value = extract(from: root) else { return nil }
    let result = try body(&value)
    root = embed(value)
    return result
  }

  /// Returns a path that goes through this one and then through `path`.
  public func appending<AppendedValue>(
    path: CasePath<Value, AppendedValue>
  ) -> CasePath<Root, AppendedValue> {
    CasePath<Root, AppendedValue>(
      embed: { self.embed(path.embed($0)) },
      extract: { self.extract(from: $0).flatMap(path.extract(from:)) }
    )
  }
}

/// The type-erased name TCA 1.x also accepts for a case path.
public typealias AnyCasePath<Root, Value> = CasePath<Root, Value>

extension CasePath where Root == Value {
  /// The path that embeds and extracts the whole value.
  public static var `self`: CasePath { CasePath(embed: { $0 }, extract: { $0 }) }
}

// MARK: - Literal syntax

prefix operator /

/// Returns a case path for the enum case whose constructor is `embed`, as in `/Action.child`.
///
/// Extraction reads the enum's tag and projects its payload through the Swift runtime's value
/// witnesses: no `Mirror` on the hot path. Works for labeled and unlabeled payloads, tuples of
/// payloads (`/Action.row(id:action:)`) and `indirect` cases.
@inlinable
public prefix func / <Root, Value>(embed: @escaping (Value) -> Root) -> CasePath<Root, Value> {
  // A constructor reference compiled with optimizations is a thin function with no context; its
  // address names the case, so what one path learns serves every path built from it later.
  let (function, context) = unsafeBitCast(embed, to: (UInt, UInt).self)
  if context == 0, let metadata = EnumMetadata(Root.self) {
    if let cell = ThunkTable.shared.cell(for: function, metadata: metadata.metadata) {
      return CasePath(embed: embed, thin: ThinEnumCase(metadata: metadata, cell: cell))
    }
  }
  return CasePath(enumCase: EnumCaseExtractor(embed: embed))
}

/// Returns a case path for a payload-less enum case, as in `/Action.dismiss`.
@_disfavoredOverload
public prefix func / <Root>(case: Root) -> CasePath<Root, Void> {
  precondition(
    !MetadataKind.isFunction(Root.self),
    """
    '/\(Root.self)' was read as a payload-less case. Without a type context Swift prefers this \
    overload for a case with a payload: write 'let path: CasePath<Action, Value> = /Action.case'.
    """)
  guard let metadata = EnumMetadata(Root.self) else {
    preconditionFailure("'/\(Root.self)' is not an enum case: case paths need an enum.")
  }
  let tag = metadata.tag(of: `case`)
  return CasePath(embed: { `case` }, extract: { metadata.tag(of: $0) == tag ? () : nil })
}

/// Returns the identity case path, as in `/Action.self`.
public prefix func / <Root>(type: Root.Type) -> CasePath<Root, Root> { .self }

/// Returns `path` itself, so `/` can be applied to a case path that is already built.
public prefix func / <Root, Value>(path: CasePath<Root, Value>) -> CasePath<Root, Value> { path }

// MARK: - Pattern matching

/// Matches a value against a case path in a `switch` or `if case`, as in `case /Action.child:`.
public func ~= <Root, Value>(pattern: CasePath<Root, Value>, value: Root) -> Bool {
  pattern.extract(from: value) != nil
}

// MARK: - Extraction

/// The extraction half of a `/Enum.case` path: remembers which tag its case has once confirmed.
@usableFromInline
final class EnumCaseExtractor<Root, Value>: @unchecked Sendable {
  @usableFromInline let embed: (Value) -> Root
  @usableFromInline let metadata: EnumMetadata
  /// `0` until a root of this case is seen, then what was learned, packed as ``KnownCase``.
  @usableFromInline let confirmed = Atomic<Int>(0)
  /// The mask of the case's ``CaseBitTest``, when it has one.
  @usableFromInline let testMask = Atomic<UInt64>(0)
  /// The pattern of the case's ``CaseBitTest``, when it has one.
  @usableFromInline let testPattern = Atomic<UInt64>(0)
  /// Tags below 64 known to belong to other cases.
  @usableFromInline let misses = Atomic<UInt64>(0)

  @inlinable
  init(embed: @escaping (Value) -> Root) {
    guard let metadata = EnumMetadata(Root.self) else {
      preconditionFailure(
        "'/\(Root.self).…' is not an enum case constructor: case paths need an enum.")
    }
    self.embed = embed
    self.metadata = metadata
  }

  @inlinable @inline(__always)
  func extract(from root: Root) -> Value? {
    let known = confirmed.load(ordering: .acquiring)
    if known & KnownCase.tested != 0 {
      guard
        CaseBitTest.matches(
          root, offset: KnownCase.testOffset(known), widthCode: KnownCase.testWidthCode(known),
          mask: testMask.load(ordering: .relaxed),
          pattern: testPattern.load(ordering: .relaxed))
      else { return nil }
      return metadata.payload(of: root, tag: KnownCase.tag(known), layout: known, as: Value.self)
    }
    let tag = metadata.tag(of: root)
    if known != 0 {
      guard tag == KnownCase.tag(known) else { return nil }
      return metadata.payload(of: root, tag: tag, layout: known, as: Value.self)
    }
    if tag < 64, misses.load(ordering: .relaxed) & (1 << UInt64(tag)) != 0 { return nil }
    return discover(root: root, tag: tag)
  }

  /// The cold path: learns whether `tag` is this path's case, confirming by re-embedding.
  @usableFromInline @inline(never)
  func discover(root: Root, tag: UInt32) -> Value? {
    switch CaseDiscovery.discover(root: root, tag: tag, metadata: metadata, embed: embed) {
    case .miss:
      markMiss(tag)
      return nil
    case .hit(let value, let known, let test):
      if let known {
        if let test {
          testMask.store(test.mask, ordering: .relaxed)
          testPattern.store(test.pattern, ordering: .relaxed)
        }
        confirmed.store(known, ordering: .releasing)
      }
      return value
    }
  }

  private func markMiss(_ tag: UInt32) {
    guard tag < 64 else { return }
    misses.bitwiseOr(1 << UInt64(tag), ordering: .relaxed)
  }
}

/// The cold path shared by every kind of `/Enum.case` path: whether `tag` is the case that
/// `embed` constructs, confirmed by re-embedding the payload and comparing tags.
enum CaseDiscovery {
  enum Outcome<Value> {
    /// `tag` is another case.
    case miss
    /// `tag` is the case; `known` is what was learned, packed as ``KnownCase``, when extraction
    /// can go through the layout from now on (`nil` when only a `Mirror` cast can read the
    /// payload), and `test` the bit test that tells the case apart, when the layout has one.
    case hit(Value, known: Int?, test: CaseBitTest?)
  }

  static func discover<Root, Value>(
    root: Root, tag: UInt32, metadata: EnumMetadata, embed: (Value) -> Root
  ) -> Outcome<Value> {
    let value: Value
    var known: Int?
    var test: CaseBitTest?
    switch PayloadCatalog.shared.match(Root.self, Value.self, tag: tag, sample: root) {
    case .no:
      return .miss
    case .layout(let indirect):
      value = metadata.projectPayload(of: root, tag: tag, indirect: indirect, as: Value.self)
      let direct = !indirect && metadata.projectionKeepsPayloadBytes(of: root, as: Value.self)
      test = CaseBitTest.learn(metadata: metadata, tag: tag)
      known = KnownCase.pack(
        tag: tag, direct: direct, indirect: indirect, test: test, size: metadata.size)
    case .castOnly:
      guard let child = Mirror(reflecting: root).children.first?.value,
        let payload = singleValue(of: child) as? Value
      else {
        return .miss
      }
      value = payload
    }
    guard metadata.tag(of: embed(value)) == tag else { return .miss }
    return .hit(value, known: known, test: test)
  }
}

/// What navd knows, process-wide, about whether a case's payload can be read as some type.
@usableFromInline
final class PayloadCatalog: Sendable {
  enum Match: Sendable {
    /// The payload is not a value of the type.
    case no
    /// The payload is laid out as the type; `indirect` says it is boxed.
    case layout(indirect: Bool)
    /// The payload casts to the type (an existential or class), but only through `Mirror`.
    case castOnly
  }

  private struct Key: Hashable {
    let root: ObjectIdentifier
    let value: ObjectIdentifier
    let tag: UInt32
  }

  static let shared = PayloadCatalog()
  private let entries = Protected<[Key: Match]>([:])

  func match<Root, Value>(_: Root.Type, _: Value.Type, tag: UInt32, sample: Root) -> Match {
    let key = Key(root: ObjectIdentifier(Root.self), value: ObjectIdentifier(Value.self), tag: tag)
    if let known = entries.withLock({ $0[key] }) { return known }
    let learned = learn(Root.self, Value.self, tag: tag, sample: sample)
    entries.withLock { $0[key] = learned }
    return learned
  }

  private func learn<Root, Value>(
    _: Root.Type, _: Value.Type, tag: UInt32, sample: Root
  ) -> Match {
    // Not `tag < payloadCaseCount`: a case whose payload takes no memory (a one-case enum, an
    // empty struct) is laid out as a payload-less case, after the others, yet has a payload.
    guard let metadata = EnumMetadata(Root.self) else { return .no }
    guard let payload = Mirror(reflecting: sample).children.first?.value else { return .no }
    let payloadType = type(of: payload)
    if MetadataKind.isValueLayout(Value.self), let indirect = metadata.isIndirect(tag: tag),
      payloadType == Value.self || MetadataKind.tuplesMatchIgnoringLabels(payloadType, Value.self)
        || MetadataKind.isLabeledSingle(payloadType, of: Value.self)
    {
      return .layout(indirect: indirect)
    }
    return singleValue(of: payload) is Value ? .castOnly : .no
  }
}

/// The value of a case's payload as a case path sees it: the one value of a labeled single
/// payload (`case delete(id: x)` reflects as the tuple `(id: x)`), else the payload itself.
func singleValue(of payload: Any) -> Any {
  let mirror = Mirror(reflecting: payload)
  guard mirror.displayStyle == .tuple, mirror.children.count == 1,
    let only = mirror.children.first
  else { return payload }
  return only.value
}
