// IdentifiedArray: an ordered collection of elements with unique ids, by position and by id.

/// An ordered collection of elements with unique ids, addressable by position and by id.
///
/// As swift-identified-collections' type: `remove(id:)`, `subscript(id:)` (setting `nil`
/// removes), `ids` in order, `Codable` as a plain array.
public struct IdentifiedArray<ID: Hashable, Element> {
  /// Returns an element's id.
  public let id: KeyPath<Element, ID> & Sendable
  private var _ids: [ID]
  private var _elements: [ID: Element]

  /// Creates an array from elements whose ids must be unique.
  public init<S: Sequence<Element>>(
    uniqueElements elements: S, id: KeyPath<Element, ID> & Sendable
  ) {
    self.id = id
    self._ids = []
    self._elements = [:]
    for element in elements {
      let elementID = element[keyPath: id]
      precondition(_elements[elementID] == nil, "Duplicate id \(elementID) in an IdentifiedArray.")
      _ids.append(elementID)
      _elements[elementID] = element
    }
  }

  /// The ids, in order.
  public var ids: [ID] { _ids }

  /// The elements, in order.
  public var elements: [Element] { _ids.map { _elements[$0]! } }

  /// Reads the element with `id`; setting `nil` removes it, setting a value replaces it or
  /// appends it.
  public subscript(id id: ID) -> Element? {
    get { _elements[id] }
    set {
      if let newValue {
        if _elements.updateValue(newValue, forKey: id) == nil { _ids.append(id) }
      } else {
        remove(id: id)
      }
    }
    _modify {
      var value = _elements.removeValue(forKey: id)
      let existed = value != nil
      defer {
        if let value {
          _elements[id] = value
          if !existed { _ids.append(id) }
        } else if existed {
          _ids.removeAll { $0 == id }
        }
      }
      yield &value
    }
  }

  /// Returns the position of the element with `id`.
  public func index(id: ID) -> Int? { _ids.firstIndex(of: id) }

  /// Removes and returns the element with `id`, if there is one.
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let element = _elements.removeValue(forKey: id) else { return nil }
    _ids.removeAll { $0 == id }
    return element
  }

  /// Appends `element` unless its id is already present; returns whether it was appended.
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    let elementID = element[keyPath: id]
    if let index = index(id: elementID) { return (false, index) }
    _ids.append(elementID)
    _elements[elementID] = element
    return (true, _ids.count - 1)
  }

  /// Appends each element whose id is not already present.
  public mutating func append<S: Sequence<Element>>(contentsOf elements: S) {
    for element in elements { append(element) }
  }

  /// Inserts `element` at `index` unless its id is already present.
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
    let elementID = element[keyPath: id]
    if let existing = self.index(id: elementID) { return (false, existing) }
    _ids.insert(elementID, at: index)
    _elements[elementID] = element
    return (true, index)
  }

  /// Removes and returns the element at `index`.
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let elementID = _ids.remove(at: index)
    return _elements.removeValue(forKey: elementID)!
  }

  /// Removes the elements at `offsets`.
  public mutating func remove(atOffsets offsets: some Sequence<Int>) {
    for index in Set(offsets).sorted(by: >) { remove(at: index) }
  }

  /// Removes every element that satisfies `shouldBeRemoved`.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var kept: [ID] = []
    for elementID in _ids {
      if try shouldBeRemoved(_elements[elementID]!) {
        _elements[elementID] = nil
      } else {
        kept.append(elementID)
      }
    }
    _ids = kept
  }

  /// Removes every element.
  public mutating func removeAll() {
    _ids.removeAll()
    _elements.removeAll()
  }

  /// Moves the elements at `source` to before `destination`, as SwiftUI's `onMove`.
  public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
    let moving = Set(source)
    let before = _ids.enumerated().filter { $0.offset < destination && !moving.contains($0.offset) }
    let after = _ids.enumerated().filter { $0.offset >= destination && !moving.contains($0.offset) }
    let moved = _ids.enumerated().filter { moving.contains($0.offset) }
    _ids = (before + moved + after).map(\.element)
  }

  /// Sorts the elements in place.
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    _ids = try _ids.sorted { try areInIncreasingOrder(_elements[$0]!, _elements[$1]!) }
  }

  /// Exchanges the elements at two positions.
  public mutating func swapAt(_ i: Int, _ j: Int) { _ids.swapAt(i, j) }

  /// Reverses the order of the elements.
  public mutating func reverse() { _ids.reverse() }

  /// Shuffles the elements.
  public mutating func shuffle() { _ids.shuffle() }

  /// Moves the elements that do not satisfy `belongsInSecondPartition` before those that do, and
  /// returns the index of the first element of the second partition.
  public mutating func partition(
    by belongsInSecondPartition: (Element) throws -> Bool
  ) rethrows -> Int {
    var first: [ID] = []
    var second: [ID] = []
    for elementID in _ids {
      if try belongsInSecondPartition(_elements[elementID]!) {
        second.append(elementID)
      } else {
        first.append(elementID)
      }
    }
    _ids = first + second
    return first.count
  }
}

/// An identified array of `Identifiable` elements, keyed by their `id`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an array from `Identifiable` elements whose ids must be unique.
  public init<S: Sequence<Element>>(uniqueElements elements: S) {
    self.init(uniqueElements: elements, id: \Element.id)
  }

  /// Creates an empty array.
  public init() { self.init(uniqueElements: []) }
}

extension IdentifiedArray: ExpressibleByArrayLiteral where Element: Identifiable, ID == Element.ID {
  /// Creates an array from a literal whose ids must be unique.
  public init(arrayLiteral elements: Element...) { self.init(uniqueElements: elements) }
}

extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  /// The position of the first element.
  public var startIndex: Int { 0 }
  /// The position after the last element.
  public var endIndex: Int { _ids.count }

  /// The element at `position`; a replacement must keep the element's id.
  public subscript(position: Int) -> Element {
    get { _elements[_ids[position]]! }
    set {
      precondition(
        newValue[keyPath: id] == _ids[position],
        "An element of an IdentifiedArray was replaced by one with a different id.")
      _elements[_ids[position]] = newValue
    }
  }
}

extension IdentifiedArray where Element: Comparable {
  /// Sorts the elements in ascending order.
  public mutating func sort() { sort(by: <) }
}

extension IdentifiedArray {
  /// The elements that satisfy `isIncluded`, in order, as an identified array.
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var result = self
    try result.removeAll { try !isIncluded($0) }
    return result
  }

  /// Replaces the element with `element`'s id, or appends it; returns the element replaced.
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    let id = element[keyPath: self.id]
    guard let previous = self[id: id] else {
      append(element)
      return nil
    }
    self[id: id] = element
    return previous
  }

  /// Removes `element` (by its id); returns it when it was there.
  @discardableResult
  public mutating func remove(_ element: Element) -> Element? {
    remove(id: element[keyPath: self.id])
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Arrays are equal when they hold equal elements in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as a plain array.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(elements)
  }
}

extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
  /// Decodes a plain array, refusing duplicate ids.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let elements = try container.decode([Element].self)
    guard Set(elements.map(\.id)).count == elements.count else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Duplicate element ids in an IdentifiedArray.")
    }
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: CustomStringConvertible, CustomDebugStringConvertible {
  /// The elements as an array literal.
  public var description: String { elements.description }
  /// The elements as an array literal, with the type.
  public var debugDescription: String { "IdentifiedArray(\(elements.debugDescription))" }
}

extension IdentifiedArray: CustomReflectable {
  /// Reflects as the plain array of elements, so dumps and diffs read naturally.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
  }
}

extension IdentifiedArray: @unchecked Sendable where Element: Sendable, ID: Sendable {}
