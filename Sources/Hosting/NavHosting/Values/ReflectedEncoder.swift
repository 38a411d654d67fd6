// ReflectedEncoder: any Swift value → DataValue, through `Encodable` where a part conforms and
// through reflection (`Mirror` and the runtime's metadata) where it does not.

import Composable
import NavSync
import NavValue

/// Encodes values whose types need not be `Encodable`, in the same form ``ValueModel`` gives
/// `Encodable` ones.
///
/// Each part of the value is encoded through `Encodable` when its type conforms, so a `UUID`, a
/// `Date` or a type with its own `Codable` reads as it always does. The rest is reflected:
///
/// - a struct is an object of its stored properties; an `@ObservableState` struct's storage
///   (`_count`) is named as its property (`count`), and its registrar and identity are left out;
/// - an enum case without payload is its name, a case with one value is `{ name = value }`, a
///   case with several is `{ name = { label = value, … } }` (`_0`, `_1` for unlabeled values);
/// - an optional is its value, and a `nil` field is left out;
/// - arrays, `IdentifiedArray` and sets are arrays; dictionaries with text keys are objects;
/// - `StackState` is an array whose elements carry their `id`, and `PresentationState` its
///   optional; alerts, dialogs and buttons are their parts (title, message, buttons; label, role,
///   action), as their `Codable` form.
///
/// Reflection costs more than `Encodable` (docs/performance.md measures both); a feature that
/// conforms gets the `Encodable` path for its whole state.
enum ReflectedEncoder {
  /// The deepest a value may nest: deeper, a reference cycle is assumed and encoding fails.
  static let depthLimit = 64

  /// Encodes `value`, whose static type is `T`.
  static func encode<T>(_ value: T) throws(NavError) -> DataValue {
    do {
      return try encodeAny(value, depth: 0) ?? .null
    } catch let error as NavError {
      throw error
    } catch {
      throw NavError("cannot encode \(ValueModel.typeName(T.self)): \(error)")
    }
  }

  /// The value's encoding, or `nil` for an absent optional (a field then left out).
  private static func encodeAny(_ value: Any, depth: Int) throws -> DataValue? {
    guard depth < depthLimit else {
      throw NavError(
        "cannot encode \(ValueModel.typeName(type(of: value))): it nests deeper than "
          + "\(depthLimit) levels (a reference cycle?)")
    }
    let kind = Kind.of(value)
    switch kind {
    case .encodable:
      if let encodable = value as? any Encodable { return try ValueModel.encode(encodable) }
    case .stack:
      if let stack = value as? any ReflectedStack {
        return .array(
          try stack.reflectedEntries.map { entry in
            try withID(try encodeAny(entry.element, depth: depth + 1) ?? .null, entry.id)
          })
      }
    case .array:
      if let array = value as? any ReflectedArray {
        return .array(
          try array.reflectedElements.map { try encodeAny($0, depth: depth + 1) ?? .null })
      }
    case .optional:
      if let optional = value as? any ReflectedOptional {
        guard let wrapped = optional.reflectedWrapped else { return nil }
        return try encodeAny(wrapped, depth: depth + 1)
      }
    case .reference:
      if let reference = value as? any ReflectedReference {
        return try encodeAny(reference.reflectedValue, depth: depth + 1)
      }
    case .record:
      if let record = value as? any ReflectedRecord {
        var fields: [String: DataValue] = [:]
        for (name, part) in record.reflectedValues {
          if let encoded = try encodeAny(part, depth: depth + 1), encoded != .null {
            fields[name] = encoded
          }
        }
        return .object(fields)
      }
    case .reflected, .observable:
      if let layout = StructLayout.of(value, observable: kind == .observable) {
        return try encodeStruct(value, layout: layout, depth: depth)
      }
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let child = mirror.children.first else { return nil }
      return try encodeAny(child.value, depth: depth + 1)
    case .enum:
      return try encodeCase(value, mirror: mirror, depth: depth)
    case .collection, .set:
      return .array(try mirror.children.map { try encodeAny($0.value, depth: depth + 1) ?? .null })
    case .dictionary:
      var fields: [String: DataValue] = [:]
      for child in mirror.children {
        let pair = Mirror(reflecting: child.value).children.map(\.value)
        guard pair.count == 2, let key = pair[0] as? String else {
          throw NavError(
            "cannot encode \(ValueModel.typeName(type(of: value))): only dictionaries with "
              + "String keys become objects")
        }
        if let encoded = try encodeAny(pair[1], depth: depth + 1), encoded != .null {
          fields[key] = encoded
        }
      }
      return .object(fields)
    case .tuple:
      return try encodeTuple(mirror, depth: depth)
    default:
      let observable = kind == .observable
      var fields: [String: DataValue] = [:]
      for child in mirror.children {
        guard let label = child.label,
          let name = FieldNames.exposed(
            label, observable: observable,
            wrapper: label.hasPrefix("_") && child.value is any ReflectedPropertyWrapper)
        else { continue }
        if let encoded = try encodeAny(child.value, depth: depth + 1), encoded != .null {
          fields[name] = encoded
        }
      }
      return .object(fields)
    }
  }

  /// How a value of some type is encoded, found once per type: asking each value which of
  /// these protocols it conforms to cost five conformance look-ups per value before `Mirror`.
  private enum Kind {
    case encodable, stack, array, optional, record, reference
    /// Reflected by `Mirror`, and an `@ObservableState` struct (whose storage is renamed).
    case reflected, observable

    private static let known = Protected<[ObjectIdentifier: Kind]>([:])

    static func of(_ value: Any) -> Kind {
      cached(in: known, for: value) {
        switch value {
        case is any Encodable: .encodable
        case is any ReflectedStack: .stack
        case is any ReflectedArray: .array
        case is any ReflectedOptional: .optional
        case is any ReflectedRecord: .record
        case is any ReflectedReference: .reference
        case is any ObservableState: .observable
        default: .reflected
        }
      }
    }
  }

  /// A struct's fields as ``encodeAny(_:depth:)`` names them, and where they lie: found once
  /// per type from its metadata, so that a struct is read field by field from its memory, as
  /// `Mirror` reads it, without building a mirror and its children for every value.
  private struct StructLayout {
    struct Field {
      /// The name the field is encoded under.
      let name: String
      let offset: Int
      let type: Any.Type
    }

    let fields: [Field]

    private static let known = Protected<[ObjectIdentifier: StructLayout?]>([:])

    /// The layout of `value`'s type; `nil` for a type `Mirror` must read: one that is not a
    /// struct, has a custom mirror, has `weak` or `unowned` fields, or has a field of a class or
    /// existential type named as a property wrapper's storage is.
    static func of(_ value: Any, observable: Bool) -> StructLayout? {
      cached(in: known, for: value) { make(for: value, observable: observable) }
    }

    private static func make(for value: Any, observable: Bool) -> StructLayout? {
      guard !(value is any CustomReflectable),
        let stored = TypeMetadata(Swift.type(of: value)).storedFields
      else { return nil }
      var fields: [Field] = []
      for field in stored {
        // Whether a field is a property wrapper's storage, `Mirror`'s reading asks of each
        // value, which a cast sees inside optionals: the type answers alike through its
        // optionals, unless it is a class or an existential, whose values may differ.
        var type = field.type
        while let optional = type as? any OptionalType.Type { type = optional.wrappedType }
        if field.name.hasPrefix("_"), TypeMetadata(type).kind == .other { return nil }
        let wrapper = field.name.hasPrefix("_") && type is any ReflectedPropertyWrapper.Type
        guard let name = FieldNames.exposed(field.name, observable: observable, wrapper: wrapper)
        else { continue }
        fields.append(Field(name: name, offset: field.offset, type: field.type))
      }
      return StructLayout(fields: fields)
    }
  }

  /// What `table` holds for `value`'s type, or what `make` makes, kept in `table`.
  private static func cached<Value: Sendable>(
    in table: borrowing Protected<[ObjectIdentifier: Value]>, for value: Any,
    _ make: () -> Value
  ) -> Value {
    let type = ObjectIdentifier(Swift.type(of: value))
    if let known = table.withLock({ $0[type] }) { return known }
    let made = make()
    table.withLock { $0[type] = made }
    return made
  }

  /// A struct as an object of its fields, read through its layout.
  private static func encodeStruct(_ value: Any, layout: StructLayout, depth: Int) throws
    -> DataValue
  {
    guard !layout.fields.isEmpty else { return .emptyObject }
    let dynamicType: Any.Type = Swift.type(of: value)
    return try encodeStruct(value, as: dynamicType, layout: layout, depth: depth)
  }

  /// `value`, whose dynamic type is `Struct`, read as that type: an `Any` may hold an
  /// existential (a field of type `any P`) that holds the struct, and opening the `Any` itself
  /// would give the existential.
  private static func encodeStruct<Struct>(
    _ value: Any, as _: Struct.Type, layout: StructLayout, depth: Int
  ) throws -> DataValue {
    let concrete = value as! Struct
    return try withUnsafeBytes(of: concrete) { bytes in
      var fields: [String: DataValue] = [:]
      fields.reserveCapacity(layout.fields.count)
      for field in layout.fields {
        let part = ValueBuilder.read(field.type, at: bytes.baseAddress! + field.offset)
        if let encoded = try encodeAny(part, depth: depth + 1), encoded != .null {
          fields[field.name] = encoded
        }
      }
      return .object(fields)
    }
  }

  /// An enum case: its name alone, or its name and payload.
  private static func encodeCase(_ value: Any, mirror: Mirror, depth: Int) throws -> DataValue {
    guard let child = mirror.children.first, let name = child.label else {
      let metadata = TypeMetadata(type(of: value))
      if let tag = openedTag(value), let cases = metadata.enumCases, Int(tag) < cases.count {
        return .string(cases[Int(tag)].name)
      }
      return .string(String(describing: value))
    }
    let payload = Mirror(reflecting: child.value)
    if payload.displayStyle == .tuple {
      return .object([name: try encodeTuple(payload, depth: depth + 1)])
    }
    return .object([name: try encodeAny(child.value, depth: depth + 1) ?? .null])
  }

  /// A case's values: labeled ones by label, unlabeled ones as `_0`, `_1`; a single unlabeled
  /// value alone.
  private static func encodeTuple(_ mirror: Mirror, depth: Int) throws -> DataValue {
    var fields: [String: DataValue] = [:]
    for (index, child) in mirror.children.enumerated() {
      let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 } ?? "_\(index)"
      if let encoded = try encodeAny(child.value, depth: depth + 1), encoded != .null {
        fields[label] = encoded
      }
    }
    if fields.count == 1, let only = fields["_0"] { return only }
    return .object(fields)
  }

  private static func openedTag(_ value: Any) -> UInt32? {
    func tag<T>(_ value: T) -> UInt32? { TypeMetadata(T.self).tag(of: value) }
    return tag(value)
  }

  /// A stack element's encoding with its id beside its own fields.
  private static func withID(_ element: DataValue, _ id: StackElementID) throws -> DataValue {
    switch element {
    case .object(var fields):
      fields["id"] = .integer(id.generation)
      return .object(fields)
    case .string(let name):
      return .object([name: .emptyObject, "id": .integer(id.generation)])
    default:
      return .object(["_0": element, "id": .integer(id.generation)])
    }
  }
}

/// How stored property names appear in the value model.
enum FieldNames {
  /// The name `label` appears as, or `nil` for storage that is not state: an
  /// `@ObservableState` struct's `_$observationRegistrar` and `_$id`, whose tracked properties
  /// are stored as `_name`, as a property wrapper's storage is (`wrapper`).
  static func exposed(_ label: String, observable: Bool, wrapper: Bool = false) -> String? {
    guard observable || wrapper, label.hasPrefix("_") else { return label }
    if label.hasPrefix("_$") { return nil }
    return String(label.dropFirst())
  }
}

/// `Optional`, whatever it wraps: a struct's layout reads a field's type through its optionals.
private protocol OptionalType {
  static var wrappedType: Any.Type { get }
}

extension Optional: OptionalType {
  fileprivate static var wrappedType: Any.Type { Wrapped.self }
}
