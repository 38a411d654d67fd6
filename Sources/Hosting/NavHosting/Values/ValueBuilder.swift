// ValueBuilder: DataValue → a value of any Swift type, through `Decodable` where a part conforms
// and through the runtime's metadata (cases, stored fields, value witnesses) where it does not.

import Composable
import NavValue

/// Builds values of types that need not be `Decodable`, from the forms ``ReflectedEncoder`` and
/// ``ValueModel`` write.
///
/// Each part is decoded when its type is `Decodable`. Otherwise:
///
/// - an enum is built from its case's name and payload: the case and payload types come from
///   the enum's metadata, and its value witness `destructiveInjectEnumTag` sets the case over the
///   payload written in place (an `indirect` case is built only for the library's own enums);
/// - a struct is built from its stored fields, written at their offsets; with a `base` value,
///   fields left out keep the base's, so a launch state names only what it changes;
/// - optionals, tuples, arrays, `IdentifiedArray`, `StackState` and `PresentationState` are
///   built from their elements.
///
/// What cannot be built (a class, a dictionary, a struct field with no value and no base) is an
/// error that names the place and the type.
enum ValueBuilder {
  /// Why a value could not be built, and where.
  struct Failure: Error {
    var path: [PathKey]
    var message: String
    /// Whether `message` already says where (a decoding error's own wording).
    var placed = false

    /// `at contacts[1].name: …`, or the message alone at the top.
    var text: String {
      placed || path.isEmpty ? message : "at \(ValueDecoder.render(path)): \(message)"
    }
  }

  /// Builds a `T` from `value`; fields it leaves out keep those of `base`, when given.
  ///
  /// When `value` is `complete` (a whole encoding, as an expected state is), an optional field
  /// it leaves out is `nil`, as the encoding leaves out `nil` fields; otherwise (a launch state,
  /// which names what it changes) it keeps the base's.
  static func build<T>(_: T.Type, from value: DataValue, base: T?, complete: Bool = false)
    throws(Failure) -> T
  {
    try Builder(complete: complete).build(
      T.self, from: value, base: base.map { $0 as Any }, path: [])
      as! T
  }
}

/// One place in a value being built: a field or case name, or a position.
struct PathKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(_ name: String) {
    self.stringValue = name
    self.intValue = nil
  }

  /// The element at 0-based `index`, shown 1-based (`[1]`).
  init(index: Int) {
    self.stringValue = String(index)
    self.intValue = index
  }

  init?(stringValue: String) { self.init(stringValue) }
  init?(intValue: Int) { self.init(index: intValue) }
}

/// One build: how absent fields are read.
private struct Builder {
  typealias Failure = ValueBuilder.Failure
  let complete: Bool

  // MARK: - Dispatch

  func build(_ type: Any.Type, from value: DataValue, base: Any?, path: [PathKey])
    throws(Failure) -> Any
  {
    if let decodable = type as? any Decodable.Type {
      return try decode(decodable, from: value, path: path)
    }
    if let shape = type as? any ReflectedOptional.Type {
      if value == .null { return shape.reflectedOptional(nil) }
      let wrappedBase = (base as? any ReflectedOptional)?.reflectedWrapped
      return shape.reflectedOptional(
        try build(shape.reflectedWrappedType, from: value, base: wrappedBase, path: path))
    }
    if let shape = type as? any ReflectedReference.Type {
      let baseReference = base as? any ReflectedReference
      let built = try build(
        shape.reflectedValueType, from: value, base: baseReference?.reflectedValue, path: path)
      func make<R: ReflectedReference>(_: R.Type) -> Any {
        R.reflectedReference(built, base: base as? R)
      }
      return make(shape)
    }
    if let shape = type as? any ReflectedStack.Type {
      return try buildStack(shape, from: value, base: base as? any ReflectedStack, path: path)
    }
    if let shape = type as? any ReflectedArray.Type {
      return try buildArray(shape, from: value, base: base as? any ReflectedArray, path: path)
    }
    if let record = type as? any ReflectedRecord.Type {
      return try buildRecord(record, from: value, path: path)
    }
    if type == ObservationStateRegistrar.self {
      return base ?? ObservationStateRegistrar()
    }
    let metadata = TypeMetadata(type)
    switch metadata.kind {
    case .optional:
      return try buildOptional(metadata, from: value, base: base, path: path)
    case .enumeration:
      return try buildEnum(metadata, from: value, path: path)
    case .structure:
      return try buildStruct(metadata, from: value, base: base, path: path)
    case .tuple:
      return try buildTuple(metadata, from: value, path: path)
    case .other:
      throw Failure(
        path: path,
        message: "cannot build \(ValueModel.typeName(type)): it is not Decodable, and navd "
          + "builds only structs, enums, tuples, optionals and arrays without it")
    }
  }

  private func decode<T: Decodable>(_: T.Type, from value: DataValue, path: [PathKey])
    throws(Failure) -> Any
  {
    do {
      return try ValueModel.decoder.decode(T.self, from: value)
    } catch {
      // Worded as a decode of the whole value would word it: the place is the builder's path
      // and the decoder's below it.
      let shifted = Self.shift(error, by: path)
      throw Failure(
        path: path,
        message: ValueDecoder.describe(shifted) + (CaseSuggestion.text(for: shifted) ?? ""),
        placed: true)
    }
  }

  /// `error` with `path` before its coding path.
  static func shift(_ error: any Error, by path: [PathKey]) -> any Error {
    guard let error = error as? DecodingError, !path.isEmpty else { return error }
    func moved(_ context: DecodingError.Context) -> DecodingError.Context {
      DecodingError.Context(
        codingPath: path + context.codingPath, debugDescription: context.debugDescription,
        underlyingError: context.underlyingError)
    }
    switch error {
    case .typeMismatch(let type, let context):
      return DecodingError.typeMismatch(type, moved(context))
    case .valueNotFound(let type, let context):
      return DecodingError.valueNotFound(type, moved(context))
    case .keyNotFound(let key, let context): return DecodingError.keyNotFound(key, moved(context))
    case .dataCorrupted(let context): return DecodingError.dataCorrupted(moved(context))
    @unknown default: return error
    }
  }

  // MARK: - Optionals and collections

  private func buildOptional(
    _ metadata: TypeMetadata, from value: DataValue, base: Any?, path: [PathKey]
  ) throws(Failure) -> Any {
    guard let cases = metadata.enumCases, let wrapped = cases.first?.payload else {
      throw Failure(path: path, message: "cannot read \(metadata.type)'s metadata")
    }
    func make<Wrapped>(_: Wrapped.Type) throws(Failure) -> Any {
      if value == .null { return Wrapped?.none as Any }
      let wrappedBase = base.flatMap { ($0 as? Wrapped?) ?? nil }.map { $0 as Any }
      let built = try build(Wrapped.self, from: value, base: wrappedBase, path: path)
      return Wrapped?.some(built as! Wrapped) as Any
    }
    return try make(wrapped)
  }

  private func elements(of value: DataValue, type: Any.Type, path: [PathKey])
    throws(Failure) -> [DataValue]
  {
    switch value {
    case .array(let elements): return elements
    case .object(let fields) where fields.isEmpty: return []
    default:
      throw Failure(
        path: path,
        message: "expected an array for \(ValueModel.typeName(type)), got \(value.kind)")
    }
  }

  private func buildArray(
    _ shape: any ReflectedArray.Type, from value: DataValue, base: (any ReflectedArray)?,
    path: [PathKey]
  ) throws(Failure) -> Any {
    let given = try elements(of: value, type: shape, path: path)
    let bases = base?.reflectedElements ?? []
    var built: [Any] = []
    built.reserveCapacity(given.count)
    for (index, element) in given.enumerated() {
      built.append(
        try build(
          shape.reflectedElementType, from: element,
          base: index < bases.count ? bases[index] : nil, path: path + [PathKey(index: index)]))
    }
    do {
      return try shape.reflectedArray(built)
    } catch {
      throw Failure(path: path, message: error.description)
    }
  }

  private func buildStack(
    _ shape: any ReflectedStack.Type, from value: DataValue, base: (any ReflectedStack)?,
    path: [PathKey]
  ) throws(Failure) -> Any {
    let given = try elements(of: value, type: shape, path: path)
    let bases = base.map { Dictionary($0.reflectedEntries, uniquingKeysWith: { a, _ in a }) } ?? [:]
    let elementHasID =
      TypeMetadata(shape.reflectedElementType).storedFields?.contains { $0.name == "id" } ?? false
    var entries: [(id: StackElementID?, element: Any)] = []
    for (index, element) in given.enumerated() {
      let place = path + [PathKey(index: index)]
      var fields: DataValue = element
      var id: StackElementID?
      if case .object(var object) = element, let given = object["id"] {
        guard case .integer(let generation) = given, generation >= 0 else {
          throw Failure(path: place + [PathKey("id")], message: "a stack element id is an integer")
        }
        id = StackElementID(generation: generation)
        if !elementHasID {
          object["id"] = nil
          fields = .object(object)
          if object.count == 1, let (name, payload) = object.first, payload == .emptyObject {
            fields = .string(name)
          }
        }
      }
      let built = try build(
        shape.reflectedElementType, from: fields, base: id.flatMap { bases[$0] }, path: place)
      entries.append((id, built))
    }
    do {
      return try shape.reflectedStack(entries)
    } catch {
      throw Failure(path: path, message: error.description)
    }
  }

  private func buildRecord(
    _ record: any ReflectedRecord.Type, from value: DataValue, path: [PathKey]
  )
    throws(Failure) -> Any
  {
    guard case .object(var given) = value else {
      throw Failure(
        path: path,
        message: "expected an object for \(ValueModel.typeName(record)), got \(value.kind)")
    }
    var parts: [String: Any] = [:]
    for (name, type) in record.reflectedParts {
      if let part = given.removeValue(forKey: name) {
        parts[name] = try build(type, from: part, base: nil, path: path + [PathKey(name)])
      } else if !isOptional(type) {
        throw Failure(
          path: path + [PathKey(name)],
          message: "missing, and \(ValueModel.typeName(record)) needs a "
            + ValueModel.typeName(type))
      }
    }
    if let extra = given.keys.sorted().first {
      throw Failure(
        path: path,
        message: "\(ValueModel.typeName(record)) has no field \(extra); its fields are "
          + record.reflectedParts.map(\.name).joined(separator: ", "))
    }
    return record.reflectedRecord(parts)
  }

  // MARK: - Enums

  private func buildEnum(_ metadata: TypeMetadata, from value: DataValue, path: [PathKey])
    throws(Failure) -> Any
  {
    let typeName = ValueModel.typeName(metadata.type)
    guard let cases = metadata.enumCases else {
      throw Failure(
        path: path, message: "cannot build \(typeName): its cases cannot be read from metadata")
    }
    let name: String
    let payload: DataValue?
    switch value {
    case .string(let given):
      (name, payload) = (given, nil)
    case .object(let fields) where fields.count == 1:
      (name, payload) = (fields.first!.key, fields.first!.value)
    default:
      throw Failure(
        path: path,
        message: "expected a case of \(typeName) (\"name\" or { name = payload }), got "
          + (value.kind == "object" ? "an object of several keys" : value.kind))
    }
    guard let found = cases.first(where: { $0.name == name }) else {
      throw unknownCase(name, of: metadata.type, cases: cases, path: path)
    }
    let place = path + [PathKey(name)]
    guard let payloadType = found.payload else {
      if let payload, payload != .emptyObject {
        let given: String
        if case .object(let fields) = payload {
          given = fields.keys.sorted().map { "\($0) = \(fields[$0]!)" }.joined(separator: ", ")
        } else {
          given = "\(payload)"
        }
        throw Failure(path: place, message: "case \"\(name)\" takes no payload, got \(given)")
      }
      func make<E>(_: E.Type) -> Any {
        metadata.makeEnum(E.self, tag: found.tag, writePayload: nil)
      }
      return make(metadata.type)
    }
    if payload == nil, TypeMetadata(payloadType).kind == .tuple {
      // Labeled values given by none: say which is missing first, as a decode does.
      return try buildEnum(metadata, from: .object([name: .emptyObject]), path: path)
    }
    guard let payload else {
      throw Failure(
        path: place,
        message: "case \"\(name)\" of \(typeName) takes a \(ValueModel.typeName(payloadType))")
    }
    let built = try buildPayload(payloadType, from: payload, caseName: name, path: place)
    if found.isIndirect {
      guard let indirect = metadata.type as? any ReflectedIndirectEnum.Type,
        let made = indirect.reflectedCase(name, payload: built)
      else {
        throw Failure(
          path: place,
          message: "case \"\(name)\" of \(typeName) is indirect: navd builds it only when "
            + "\(typeName) is Decodable")
      }
      return made
    }
    func make<E>(_: E.Type) -> Any {
      metadata.makeEnum(E.self, tag: found.tag) { base in
        ValueBuilder.write(built, as: payloadType, at: base)
      }
    }
    return make(metadata.type)
  }

  /// A case's payload: one value (written flat, or as `{ _0 = … }`), or a tuple of several or
  /// of labeled values.
  private func buildPayload(
    _ type: Any.Type, from value: DataValue, caseName: String, path: [PathKey]
  ) throws(Failure) -> Any {
    let metadata = TypeMetadata(type)
    if metadata.kind != .tuple {
      if case .object(let fields) = value, fields.count == 1, let only = fields["_0"] {
        return try build(type, from: only, base: nil, path: path)
      }
      return try build(type, from: value, base: nil, path: path)
    }
    return try buildTuple(metadata, from: value, caseName: caseName, path: path)
  }

  /// A tuple: a case's payload (`caseName`) or a tuple field.
  private func buildTuple(
    _ metadata: TypeMetadata, from value: DataValue, caseName: String? = nil, path: [PathKey]
  ) throws(Failure) -> Any {
    let elements = metadata.tupleElements ?? []
    var given: [String: DataValue]
    switch value {
    case .object(let fields):
      given = fields
    case .array(let items):
      given = Dictionary(uniqueKeysWithValues: items.enumerated().map { ("_\($0)", $1) })
    default:
      guard elements.count == 1 else {
        throw Failure(
          path: path, message: "expected an object of \(elements.count) values, got \(value.kind)")
      }
      given = ["_0": value]
    }
    var built: [Any] = []
    for (index, element) in elements.enumerated() {
      let key = element.label ?? "_\(index)"
      guard let field = given.removeValue(forKey: key) ?? given.removeValue(forKey: "_\(index)")
      else {
        throw Failure(
          path: path,
          message: "missing field \"\(key)\" at \(ValueDecoder.render(path + [PathKey(key)])), a "
            + ValueModel.typeName(element.type),
          placed: true)
      }
      built.append(try build(element.type, from: field, base: nil, path: path + [PathKey(key)]))
    }
    if let extra = given.keys.sorted().first {
      let what = caseName.map { "case \"\($0)\" has no field for" } ?? "no field for"
      throw Failure(path: path, message: "\(what) \(extra) = \(given[extra]!)")
    }
    func make<Tuple>(_: Tuple.Type) -> Any {
      withUnsafeTemporaryAllocation(
        byteCount: max(metadata.size, 1), alignment: max(metadata.alignment, 8)
      ) { buffer in
        let base = buffer.baseAddress!
        for (element, value) in zip(elements, built) {
          ValueBuilder.write(value, as: element.type, at: base.advanced(by: element.offset))
        }
        return base.assumingMemoryBound(to: Tuple.self).move()
      }
    }
    return make(metadata.type)
  }

  /// `no case "fly" in ScreenA.Action (at path.element.action.screenA)`, with the nearest case
  /// and the cases there are, as a decode words it.
  private func unknownCase(
    _ name: String, of type: Any.Type, cases: [EnumCaseInfo], path: [PathKey]
  )
    -> Failure
  {
    if cases.isEmpty {
      return Failure(
        path: path,
        message: "no case \"\(name)\": \(ValueModel.typeName(type)) has no cases, so only "
          + "'dismiss' can be sent to it")
    }
    let error = DecodingError.typeMismatch(
      type,
      DecodingError.Context(
        codingPath: path, debugDescription: "no case \"\(name)\"",
        underlyingError: UnknownCaseError(found: [name])))
    return Failure(
      path: path,
      message: ValueDecoder.describe(error) + (CaseSuggestion.text(for: error) ?? ""),
      placed: true)
  }

  // MARK: - Structs

  private func buildStruct(
    _ metadata: TypeMetadata, from value: DataValue, base: Any?, path: [PathKey]
  ) throws(Failure) -> Any {
    let typeName = ValueModel.typeName(metadata.type)
    guard let fields = metadata.storedFields else {
      throw Failure(
        path: path,
        message:
          "cannot build \(typeName): its fields cannot be read from metadata (a weak or "
          + "unowned property, or a type built without reflection metadata)")
    }
    guard case .object(var given) = value else {
      throw Failure(path: path, message: "expected an object for \(typeName), got \(value.kind)")
    }
    let observable = metadata.type is any ObservableState.Type
    var built: [Any] = []
    built.reserveCapacity(fields.count)
    for field in fields {
      let baseField = base.map { ValueBuilder.read(field.type, at: field.offset, of: $0) }
      guard
        let name = FieldNames.exposed(
          field.name, observable: observable,
          wrapper: field.type is any ReflectedPropertyWrapper.Type)
      else {
        built.append(try build(field.type, from: .null, base: baseField, path: path))
        continue
      }
      let place = path + [PathKey(name)]
      if let fieldValue = given.removeValue(forKey: name) {
        built.append(try build(field.type, from: fieldValue, base: baseField, path: place))
      } else if let baseField, !(complete && isOptional(field.type)) {
        built.append(baseField)
      } else if isOptional(field.type) {
        built.append(try build(field.type, from: .null, base: nil, path: place))
      } else {
        throw Failure(
          path: place,
          message: "missing, and \(typeName) has no value to keep: give every field of a "
            + "\(ValueModel.typeName(field.type))")
      }
    }
    if let extra = given.keys.sorted().first {
      let names = fields.compactMap {
        FieldNames.exposed(
          $0.name, observable: observable, wrapper: $0.type is any ReflectedPropertyWrapper.Type)
      }
      throw Failure(
        path: path,
        message: "\(typeName) has no field \(extra); its fields are "
          + names.joined(separator: ", "))
    }
    func make<S>(_: S.Type) -> Any {
      var index = 0
      return metadata.makeStruct(S.self, fields: fields) { field, pointer in
        ValueBuilder.write(built[index], as: field.type, at: pointer)
        index += 1
      }
    }
    return make(metadata.type)
  }

  private func isOptional(_ type: Any.Type) -> Bool {
    TypeMetadata(type).kind == .optional || type is any ReflectedOptional.Type
  }
}

// MARK: - Memory

extension ValueBuilder {
  /// Initializes the memory at `pointer` with `value`, which holds a `type`.
  static func write(_ value: Any, as type: Any.Type, at pointer: UnsafeMutableRawPointer) {
    func write<T>(_: T.Type) {
      pointer.initializeMemory(as: T.self, repeating: value as! T, count: 1)
    }
    write(type)
  }

  /// A copy of the field of `type` at `offset` in `value`'s storage.
  static func read(_ type: Any.Type, at offset: Int, of value: Any) -> Any {
    func open<Root>(_ root: Root) -> Any {
      withUnsafeBytes(of: root) { read(type, at: $0.baseAddress! + offset) }
    }
    return open(value)
  }

  /// A copy of the value of `type` at `pointer`.
  static func read(_ type: Any.Type, at pointer: UnsafeRawPointer) -> Any {
    func load<Field>(_: Field.Type) -> Any { pointer.load(as: Field.self) }
    return load(type)
  }
}
