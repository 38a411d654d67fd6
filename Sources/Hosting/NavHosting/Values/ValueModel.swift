// How state and actions cross into the value model (and so into Lua and onto the wire), with
// stack element ids.

import Composable
import NavValue

/// The coders that carry state and actions between Swift and navd's value model, the form they
/// take in Lua and on the wire.
///
/// They are ``ValueEncoder`` and ``ValueDecoder`` with `CodingUserInfoKey.stackElementIDs`
/// set, so every `StackState` element shows its `StackElementID` as an `id` field.
public enum ValueModel {
  /// Encodes `value` in the value model.
  public static func encode<T: Encodable>(_ value: T) throws(NavError) -> DataValue {
    do {
      return try encoder.encode(value)
    } catch {
      throw NavError("cannot encode \(T.self): \(error)")
    }
  }

  /// Decodes a `T` from `value`, or throws an error that names the failing place and type.
  ///
  /// `what` says what was decoded, as in `action` or `state`.
  public static func decode<T: Decodable>(
    _: T.Type, from value: DataValue, what: String
  ) throws(NavError) -> T {
    do {
      return try decoder.decode(T.self, from: value)
    } catch {
      throw NavError(
        "invalid \(what) for \(typeName(T.self)): \(ValueDecoder.describe(error))"
          + (CaseSuggestion.text(for: error) ?? ""))
    }
  }

  /// Builds a `T` from `value` through the runtime's metadata, setting the fields `value` names
  /// on `base`: what a launch state of a feature whose state is not `Decodable` gets.
  public static func build<T>(_: T.Type, from value: DataValue, over base: T) throws(NavError) -> T
  {
    try build(T.self, from: value, base: base, what: "value")
  }

  /// Builds a `T` through the runtime's metadata (``ValueBuilder``), over `base` when given, its
  /// errors worded as a decode's: `invalid state for Tally.State: …`.
  static func build<T>(
    _: T.Type, from value: DataValue, base: T?, complete: Bool = false, what: String
  ) throws(NavError) -> T {
    do throws(ValueBuilder.Failure) {
      return try ValueBuilder.build(T.self, from: value, base: base, complete: complete)
    } catch {
      throw NavError("invalid \(what) for \(typeName(T.self)): \(error.text)")
    }
  }

  /// Encodes `value` through `Encodable` where its type (or a part's) conforms, and through
  /// reflection where not (``ReflectedEncoder``).
  public static func encodeAny<T>(_ value: T) throws(NavError) -> DataValue {
    try ReflectedEncoder.encode(value)
  }

  /// Builds a `T` from `value` through `Decodable` when it conforms, and through the runtime's
  /// metadata otherwise (``ValueBuilder``); `what` names it in errors.
  public static func buildAny<T>(_: T.Type, from value: DataValue, what: String) throws(NavError)
    -> T
  {
    if let decodable = T.self as? any Decodable.Type {
      func open<D: Decodable>(_: D.Type) throws(NavError) -> T {
        try decode(D.self, from: value, what: what) as! T
      }
      return try open(decodable)
    }
    return try build(T.self, from: value, base: nil, what: what)
  }

  /// The type's name without its module: `ContactsFeature.Action`.
  ///
  /// A private type's context (`(unknown context at $5f3a…)`) is left out too.
  static func typeName(_ type: Any.Type) -> String {
    var name = String(reflecting: type)
    while let start = name.range(of: "(unknown context at "),
      let end = name[start.upperBound...].firstIndex(of: ")")
    {
      let after = name.index(after: end)
      let dot = after < name.endIndex && name[after] == "." ? name.index(after: after) : after
      name.removeSubrange(start.lowerBound..<dot)
    }
    return name.split(separator: ".").dropFirst().joined(separator: ".")
  }

  private static let encoder = ValueEncoder(userInfo: [.stackElementIDs: true])
  static let decoder = ValueDecoder(userInfo: [.stackElementIDs: true])
}
