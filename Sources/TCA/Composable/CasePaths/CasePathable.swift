// CasePathable: enums whose cases are named by key paths, read, tested and modified by them.

/// An enum whose cases can be named with key paths: `\Action.Cases.child`, or `\.child` where
/// the root is known.
///
/// The `@CasePathable` macro conforms an enum, generating ``AllCasePaths``: one ``AnyCasePath``
/// per case, holding the case's payload (nothing as `Void`, one value as itself, several as a
/// tuple). `@Reducer` applies it to a feature's `Action` (and to an enum `State`), as in TCA 1.4+.
public protocol CasePathable {
  /// A value with one property per case, each the case's path.
  associatedtype AllCasePaths: Sendable

  /// The paths of every case.
  static var allCasePaths: AllCasePaths { get }
}

extension CasePathable {
  /// `Case<Self>`: the root of this enum's case key paths (`\Action.Cases.child`).
  public typealias Cases = Case<Self>

  /// The payload of the case `keyPath` names, or `nil` when `self` is in another case.
  public subscript<Value>(case keyPath: CaseKeyPath<Self, Value>) -> Value? {
    AnyCasePath(keyPath).extract(from: self)
  }

  /// Whether `self` is in the case `keyPath` names.
  public func `is`<Value>(_ keyPath: CaseKeyPath<Self, Value>) -> Bool {
    self[case: keyPath] != nil
  }

  /// Changes the payload of the case `keyPath` names in place; a runtime warning, and no
  /// change, when `self` is in another case.
  public mutating func modify<Value, Result>(
    _ keyPath: CaseKeyPath<Self, Value>, yield body: (inout Value) -> Result,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> Result? {
    let path = AnyCasePath(keyPath)
    guard var value = path.extract(from: self) else {
      RuntimeWarning.report(
        "Can't modify unrelated case of \(Self.self): \(debugCaseOutput(self))",
        location: SourceLocation(file: fileID, line: line))
      return nil
    }
    let result = body(&value)
    self = path.embed(value)
    return result
  }

  /// The payload of a case, read as a property: `state.destination?.addContact`.
  ///
  /// What `@dynamicMemberLookup` on a `@CasePathable` enum reads (`@Reducer` adds both to an
  /// enum `State`). Setting a value puts `self` in that case; setting `nil` changes nothing.
  public subscript<Value>(
    dynamicMember keyPath: KeyPath<AllCasePaths, AnyCasePath<Self, Value>>
  ) -> Value? {
    get { Self.allCasePaths[keyPath: keyPath].extract(from: self) }
    set {
      guard let newValue else { return }
      self = Self.allCasePaths[keyPath: keyPath].embed(newValue)
    }
  }
}
