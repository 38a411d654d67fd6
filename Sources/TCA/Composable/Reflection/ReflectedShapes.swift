// ReflectedShapes: the library types the value model reads and builds by what they mean — a
// stack, an array, an optional, an enum with boxed cases — not by their stored fields.

/// A stack of elements with ids, read and built as a list of (id, element): `StackState`.
package protocol ReflectedStack {
  /// The type of the elements.
  static var reflectedElementType: Any.Type { get }
  /// The elements, bottom first, each with its id.
  var reflectedEntries: [(id: StackElementID, element: Any)] { get }
  /// A stack of `entries`, bottom first, whose elements are of the element type; an entry
  /// without an id gets a new one from the generator in force, never one another entry names.
  static func reflectedStack(_ entries: [(id: StackElementID?, element: Any)]) throws(ShapeError)
    -> Self
}

/// A collection read and built as its elements, in order: `Array`, `IdentifiedArray`.
package protocol ReflectedArray {
  /// The type of the elements.
  static var reflectedElementType: Any.Type { get }
  /// The elements, in order.
  var reflectedElements: [Any] { get }
  /// A collection of `elements`, which are of the element type.
  static func reflectedArray(_ elements: [Any]) throws(ShapeError) -> Self
}

/// A value read and built as the optional it wraps: `PresentationState`.
package protocol ReflectedOptional {
  /// The type of the wrapped value.
  static var reflectedWrappedType: Any.Type { get }
  /// The wrapped value, or `nil`.
  var reflectedWrapped: Any? { get }
  /// A value wrapping `wrapped`, which is `nil` or of the wrapped type.
  static func reflectedOptional(_ wrapped: Any?) -> Self
}

/// A property wrapper whose storage (`_destination`) is named as the property it wraps
/// (`destination`), as synthesized `Codable` names it: `PresentationState`.
package protocol ReflectedPropertyWrapper {}

/// A reference read as the value it holds: `Shared`, `SharedReader`.
///
/// Built by writing into the base's reference (a script setting `count` changes the shared
/// count, as a reducer would), or as a new reference when there is no base.
package protocol ReflectedReference {
  /// The type of the value held.
  static var reflectedValueType: Any.Type { get }
  /// The value held, as the reading mode in force gives it.
  var reflectedValue: Any { get }
  /// `base` holding `value` (of the value type), or a new reference to `value`.
  static func reflectedReference(_ value: Any, base: Self?) -> Self
}

/// An enum with `indirect` cases, which the runtime keeps in boxes that only the type's own
/// code can make: `StackAction`.
package protocol ReflectedIndirectEnum {
  /// The value of the indirect case `name` with `payload` (of the case's payload type), or `nil`
  /// when the case is not one of the type's indirect cases.
  static func reflectedCase(_ name: String, payload: Any) -> Self?
}

/// Why a value of a library shape could not be built.
package struct ShapeError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, in words.
  package let description: String
  package init(_ description: String) { self.description = description }
}

extension StackState: ReflectedStack {
  package static var reflectedElementType: Any.Type { Element.self }

  package var reflectedEntries: [(id: StackElementID, element: Any)] {
    zip(_ids, _elements).map { ($0, $1 as Any) }
  }

  package static func reflectedStack(_ entries: [(id: StackElementID?, element: Any)])
    throws(ShapeError) -> Self
  {
    let explicit = Set(entries.compactMap(\.id))
    if let id = explicit.first(where: { $0.generation > StackElementID.largestDecodableGeneration })
    {
      throw ShapeError(
        "stack element id \(id.generation) is out of range: the largest a stack may name is "
          + "\(StackElementID.largestDecodableGeneration)")
    }
    let generate = DependencyValues._current.stackElementID
    if let last = explicit.max() { generate.reserve(through: last) }
    var stack = StackState()
    for entry in entries {
      var id: StackElementID
      if let given = entry.id {
        guard stack[id: given] == nil else {
          throw ShapeError("stack element id \(given) is used twice")
        }
        id = given
      } else {
        repeat { id = generate() } while explicit.contains(id) || stack[id: id] != nil
      }
      stack.append(entry.element as! Element, id: id)
    }
    return stack
  }
}

extension Array: ReflectedArray {
  package static var reflectedElementType: Any.Type { Element.self }
  package var reflectedElements: [Any] { map { $0 as Any } }
  package static func reflectedArray(_ elements: [Any]) throws(ShapeError) -> Self {
    elements.map { $0 as! Element }
  }
}

extension IdentifiedArray: ReflectedArray where Element: Identifiable, ID == Element.ID {
  package static var reflectedElementType: Any.Type { Element.self }
  package var reflectedElements: [Any] { map { $0 as Any } }
  package static func reflectedArray(_ elements: [Any]) throws(ShapeError) -> Self {
    let typed = elements.map { $0 as! Element }
    var seen = Set<ID>()
    for element in typed where !seen.insert(element.id).inserted {
      throw ShapeError("the id \(element.id) is used twice")
    }
    return IdentifiedArray(uniqueElements: typed)
  }
}

extension PresentationState: ReflectedPropertyWrapper {}

extension PresentationState: ReflectedOptional {
  package static var reflectedWrappedType: Any.Type { State.self }
  package var reflectedWrapped: Any? { wrappedValue.map { $0 as Any } }
  package static func reflectedOptional(_ wrapped: Any?) -> Self {
    PresentationState(wrappedValue: wrapped.map { $0 as! State })
  }
}

extension StackAction: ReflectedIndirectEnum {
  package static func reflectedCase(_ name: String, payload: Any) -> Self? {
    switch name {
    case "element":
      guard let payload = payload as? (id: StackElementID, action: Action) else { return nil }
      return .element(id: payload.id, action: payload.action)
    case "push":
      guard let payload = payload as? (id: StackElementID, state: State) else { return nil }
      return .push(id: payload.id, state: payload.state)
    default:
      return nil
    }
  }
}

extension Shared: ReflectedPropertyWrapper {}

extension Shared: ReflectedReference {
  package static var reflectedValueType: Any.Type { Value.self }
  package var reflectedValue: Any { wrappedValue }
  package static func reflectedReference(_ value: Any, base: Self?) -> Self {
    let value = value as! Value
    guard let base else { return Shared(value: value) }
    base.withLock { $0 = value }
    return base
  }
}

extension SharedReader: ReflectedPropertyWrapper {}

extension SharedReader: ReflectedReference {
  package static var reflectedValueType: Any.Type { Value.self }
  package var reflectedValue: Any { wrappedValue }
  package static func reflectedReference(_ value: Any, base: Self?) -> Self {
    base ?? SharedReader(value: value as! Value)
  }
}
