// IdentifiedArray's other operations, as swift-identified-collections names them: removing from
// either end or a range, updating in place or inserting, building without the uniqueness check,
// and sorting into a new array.

extension IdentifiedArray {
  /// An empty array whose elements are identified by `id`.
  public init(id: KeyPath<Element, ID> & Sendable) {
    self.init(uniqueElements: [], id: id)
  }

  /// Creates an array from elements the caller knows have unique ids (checked all the same).
  public init<S: Sequence<Element>>(
    uncheckedUniqueElements elements: S, id: KeyPath<Element, ID> & Sendable
  ) {
    self.init(uniqueElements: elements, id: id)
  }

  /// Creates an array from `elements`, combining those with the same id with `combine`.
  public init<S: Sequence<Element>>(
    _ elements: S, id: KeyPath<Element, ID> & Sendable,
    uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows {
    self.init(id: id)
    for element in elements {
      let elementID = element[keyPath: id]
      if let existing = self[id: elementID] {
        self[id: elementID] = try combine(existing, element)
      } else {
        append(element)
      }
    }
  }

  /// Removes and returns the last element, which must exist.
  @discardableResult
  public mutating func removeLast() -> Element { remove(at: count - 1) }

  /// Removes the last `k` elements.
  public mutating func removeLast(_ k: Int) {
    precondition(k >= 0 && k <= count, "Can't remove more items from a collection than it contains")
    for _ in 0..<k { removeLast() }
  }

  /// Removes and returns the first element, which must exist.
  @discardableResult
  public mutating func removeFirst() -> Element { remove(at: 0) }

  /// Removes the first `k` elements.
  public mutating func removeFirst(_ k: Int) {
    precondition(k >= 0 && k <= count, "Can't remove more items from a collection than it contains")
    removeSubrange(0..<k)
  }

  /// Removes and returns the last element, or `nil` when empty.
  public mutating func popLast() -> Element? { isEmpty ? nil : removeLast() }

  /// Removes the elements in `bounds`.
  public mutating func removeSubrange(_ bounds: Range<Int>) {
    for index in bounds.reversed() { remove(at: index) }
  }

  /// Removes every element; the capacity hint is accepted as Array's is.
  public mutating func removeAll(keepingCapacity keepCapacity: Bool) { removeAll() }

  /// Makes room for `minimumCapacity` elements.
  public mutating func reserveCapacity(_ minimumCapacity: Int) {}

  /// Replaces the element at `index` with `element`, which must have the same id; returns the
  /// element replaced.
  @discardableResult
  public mutating func update(_ element: Element, at index: Int) -> Element {
    let previous = self[index]
    self[index] = element
    return previous
  }

  /// Replaces the element with `element`'s id, or inserts it at `index`; returns the element
  /// replaced (or `nil`) and where `element` now is.
  @discardableResult
  public mutating func updateOrInsert(_ element: Element, at index: Int) -> (
    originalMember: Element?, index: Int
  ) {
    let elementID = element[keyPath: id]
    if let existing = self.index(id: elementID) {
      return (update(element, at: existing), existing)
    }
    insert(element, at: index)
    return (nil, index)
  }

  /// The elements sorted by `areInIncreasingOrder`, as an identified array.
  public func sorted(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows -> Self {
    var result = self
    try result.sort(by: areInIncreasingOrder)
    return result
  }

  /// Shuffles the elements with `generator`.
  public mutating func shuffle<T: RandomNumberGenerator>(using generator: inout T) {
    let shuffled = elements.shuffled(using: &generator)
    self = Self(uniqueElements: shuffled, id: id)
  }
}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an array from `Identifiable` elements the caller knows are unique.
  public init<S: Sequence<Element>>(uncheckedUniqueElements elements: S) {
    self.init(uniqueElements: elements)
  }

  /// Creates an array from `Identifiable` elements, combining those with the same id.
  public init<S: Sequence<Element>>(
    _ elements: S, uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows {
    try self.init(elements, id: \Element.id, uniquingIDsWith: combine)
  }
}
