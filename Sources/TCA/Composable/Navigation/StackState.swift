// The state of a navigation stack: elements in order, each with its StackElementID.

/// The state of a navigation stack: its elements in order, each with a ``StackElementID``.
///
/// As TCA's: random access by position, `subscript(id:)`, `ids`, `append`, `removeLast`,
/// `pop(from:)`, `pop(to:)`; new elements get ids from the store's generator. It compares, hashes
/// and encodes as its elements.
public struct StackState<Element> {
  // Two parallel arrays, bottom first: an element is found by a scan of the ids (stacks are
  // short, and a scan of integers beats hashing), changed in place, and a copy of the stack (a
  // store keeps one to see whether an action changed its state) shares them until one changes,
  // then copies an array of the elements, not a hash table.
  @usableFromInline var _ids: [StackElementID]
  @usableFromInline var _elements: [Element]
  /// The elements whose dismissal listener `forEach` has started.
  ///
  /// An element that was already on the stack when the store started gets its listener the
  /// first time `forEach` runs. Not part of equality.
  @usableFromInline var mounted: Set<StackElementID> = []

  /// Creates an empty stack.
  public init() {
    self._ids = []
    self._elements = []
  }

  /// Creates a stack of `elements`, giving each a new id.
  public init<S: Sequence<Element>>(_ elements: S) {
    self.init()
    append(contentsOf: elements)
  }

  /// The ids of the elements, bottom to top.
  @inlinable
  public var ids: [StackElementID] { _ids }

  /// The element with `id`; setting `nil` removes that element alone, as TCA's (``pop(from:)``
  /// removes it and everything above it).
  @inlinable
  public subscript(id id: StackElementID) -> Element? {
    get { _ids.firstIndex(of: id).map { _elements[$0] } }
    set {
      if let newValue {
        if let index = _ids.firstIndex(of: id) {
          _elements[index] = newValue
        } else {
          append(newValue, id: id)
        }
      } else if let index = _ids.firstIndex(of: id) {
        _ids.remove(at: index)
        _elements.remove(at: index)
      }
    }
  }

  /// The position of the element with `id`, bottom first.
  @inlinable
  func index(of id: StackElementID) -> Int? { _ids.firstIndex(of: id) }

  /// Pushes `element` with a new id.
  public mutating func append(_ element: Element) {
    append(element, id: newID())
  }

  /// Returns an id from the generator in force that this stack does not hold yet (a stack built
  /// before its store existed may hold ids the store's generator has not reached).
  private func newID() -> StackElementID {
    let generate = DependencyValues.read { $0.stackElementID }
    var id = generate()
    while _ids.contains(id) { id = generate() }
    return id
  }

  /// Pushes `element` with `id`, as a `.push(id:state:)` action does.
  @usableFromInline
  mutating func append(_ element: Element, id: StackElementID) {
    _ids.append(id)
    _elements.append(element)
  }

  /// Removes the element with `id` and every element above it.
  @inlinable
  public mutating func pop(from id: StackElementID) {
    guard let index = _ids.firstIndex(of: id) else { return }
    _ids.removeSubrange(index...)
    _elements.removeSubrange(index...)
  }

  /// Removes every element above the one with `id`.
  public mutating func pop(to id: StackElementID) {
    guard let index = _ids.firstIndex(of: id) else { return }
    _ids.removeSubrange((index + 1)...)
    _elements.removeSubrange((index + 1)...)
  }
}

extension StackState: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
  /// The position of the bottom element.
  public var startIndex: Int { 0 }
  /// The position after the top element.
  public var endIndex: Int { _ids.count }

  /// The element at `position`, bottom first.
  public subscript(position: Int) -> Element {
    get { _elements[position] }
    _modify { yield &_elements[position] }
  }

  /// Replaces the elements in `subrange` with `newElements`, which get new ids.
  public mutating func replaceSubrange<C: Collection<Element>>(
    _ subrange: Range<Int>, with newElements: C
  ) {
    _ids.removeSubrange(subrange)
    _elements.removeSubrange(subrange)
    var newIDs: [StackElementID] = []
    for _ in newElements {
      var id = newID()
      while newIDs.contains(id) { id = newID() }
      newIDs.append(id)
    }
    _ids.insert(contentsOf: newIDs, at: subrange.lowerBound)
    _elements.insert(contentsOf: newElements, at: subrange.lowerBound)
  }
}

extension StackState: ExpressibleByArrayLiteral {
  /// Creates a stack of the literal's elements, giving each a new id.
  public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension StackState: Equatable where Element: Equatable {
  /// Stacks are equal when their ids and elements are, in order.
  ///
  /// Inlinable, so it runs specialized for `Element`: a store compares its whole state after
  /// every action (arrays that share storage compare equal without looking at their elements).
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs._ids == rhs._ids && lhs._elements == rhs._elements
  }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes the ids and elements in order.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_ids)
    for element in self { hasher.combine(element) }
  }
}

extension StackState: Sendable where Element: Sendable {}

extension CodingUserInfoKey {
  /// Set to `true` in a coder's `userInfo` to carry each ``StackState`` element's
  /// ``StackElementID``: each element is encoded with an extra `id` field beside its own, and
  /// decoded back with that id (elements without one get a new id).
  ///
  /// Without it, a stack codes as a plain array and decoding gives new ids, as in TCA. navd's Lua
  /// layer and control channel set it, so scripts can address elements by id.
  public static let stackElementIDs = CodingUserInfoKey(rawValue: "navd.stackElementIDs")!
}

/// The extra field an element carries when ``CodingUserInfoKey/stackElementIDs`` is set.
private enum StackElementIDCodingKey: String, CodingKey {
  case id
}

extension StackState: Decodable where Element: Decodable {
  /// Decodes an array of elements, giving each a new id; with
  /// ``CodingUserInfoKey/stackElementIDs`` set, an element's `id` field is its id.
  public init(from decoder: any Decoder) throws {
    guard decoder.userInfo[.stackElementIDs] as? Bool == true else {
      self.init(try [Element](from: decoder))
      return
    }
    self.init()
    var container = try decoder.unkeyedContainer()
    var entries: [(element: Element, id: StackElementID?, path: [any CodingKey])] = []
    while !container.isAtEnd {
      let elementDecoder = try container.superDecoder()
      let element = try Element(from: elementDecoder)
      let fields = try? elementDecoder.container(keyedBy: StackElementIDCodingKey.self)
      let id = try fields?.decodeIfPresent(StackElementID.self, forKey: .id)
      entries.append((element, id, elementDecoder.codingPath))
    }
    // Elements without an id get new ones, never one another element states explicitly.
    let explicit = Set(entries.compactMap(\.id))
    // An id near `Int.max` leaves too few for the pushes after it: a saved state naming one
    // would trap at a later push (or in `reserve`), so it is refused here.
    if let entry = entries.first(where: {
      ($0.id?.generation ?? 0) > StackElementID.largestDecodableGeneration
    }), let id = entry.id {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: entry.path,
          debugDescription: "stack element id \(id.generation) is out of range: the largest a "
            + "saved stack may name is \(StackElementID.largestDecodableGeneration), so that "
            + "the pushes after it never run out of ids"))
    }
    let generate = DependencyValues._current.stackElementID
    if let last = explicit.max() { generate.reserve(through: last) }
    for entry in entries {
      var id: StackElementID
      if let given = entry.id {
        id = given
        guard self[id: id] == nil else {
          throw DecodingError.dataCorrupted(
            .init(codingPath: entry.path, debugDescription: "stack element id \(id) is used twice"))
        }
      } else {
        repeat { id = generate() } while explicit.contains(id) || self[id: id] != nil
      }
      append(entry.element, id: id)
    }
  }
}

extension StackState: Encodable where Element: Encodable {
  /// Encodes the elements as an array, bottom first; with ``CodingUserInfoKey/stackElementIDs``
  /// set, each element also gets an `id` field.
  public func encode(to encoder: any Encoder) throws {
    guard encoder.userInfo[.stackElementIDs] as? Bool == true else {
      try Array(self).encode(to: encoder)
      return
    }
    var container = encoder.unkeyedContainer()
    // By position, not `zip`: this code is not specialized for the element type, and a zip
    // looks up its iterator's metadata at run time for every element.
    for position in _ids.indices {
      let elementEncoder = container.superEncoder()
      try _elements[position].encode(to: elementEncoder)
      var fields = elementEncoder.container(keyedBy: StackElementIDCodingKey.self)
      try fields.encode(_ids[position], forKey: .id)
    }
  }
}

extension StackState: CustomReflectable {
  /// Reflects as a dictionary from ids to elements, in stack order, so test diffs show ids.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: zip(_ids, _elements).map { id, element -> Mirror.Child in
        (label: "#\(id.generation)", value: element as Any)
      },
      displayStyle: .dictionary)
  }
}

extension StackState where Element: CasePathable {
  /// The element with `id` in the case `path` names, read and changed in place:
  /// `$0.path[id: 0, case: \.detail]?.title = "Edited"` in a test's expectation.
  ///
  /// Setting it while the element is in another case (or absent) changes nothing and reports
  /// an issue, as TCA's does.
  public subscript<Case>(id id: StackElementID, case path: CaseKeyPath<Element, Case>) -> Case? {
    get { self[id: id].flatMap { AnyCasePath(path).extract(from: $0) } }
    set {
      let casePath = AnyCasePath(path)
      guard let current = self[id: id], casePath.extract(from: current) != nil else {
        RuntimeWarning.report(
          "Can't modify unrelated case"
            + (self[id: id].map { " " + debugCaseOutput($0) } ?? " of a missing element"))
        return
      }
      guard let newValue else { return }
      self[id: id] = casePath.embed(newValue)
    }
  }
}
