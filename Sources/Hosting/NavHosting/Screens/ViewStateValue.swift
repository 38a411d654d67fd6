// ViewStateValue: a view's own state (`@State`, `@FocusState`) as a value scripts read.

import HeadlessUICore
import NavValue

/// Encodes view state for scripts: numbers, strings, booleans and `nil` as themselves, arrays
/// and optionals through, anything else as its description (view state is the view's, not the
/// feature's, so it has no codec of its own).
package enum ViewStateValue {
  /// The view state of a host: an object by view identity, each an object by property name.
  package static func table(_ values: [(view: ViewIdentity, name: String, value: Any)]) -> DataValue
  {
    var views: [String: [String: DataValue]] = [:]
    for (view, name, value) in values {
      views[view.description, default: [:]][name] = encode(value)
    }
    return .object(views.mapValues { .object($0) })
  }

  static func encode(_ value: Any) -> DataValue {
    switch value {
    case let bool as Bool: return .bool(bool)
    case let int as Int: return .integer(int)
    case let double as Double: return .number(double)
    case let string as String: return .string(string)
    case let array as [Any]: return .array(array.map(encode))
    default:
      let mirror = Mirror(reflecting: value)
      if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return .null }
        return encode(wrapped)
      }
      return .string(String(describing: value))
    }
  }
}
