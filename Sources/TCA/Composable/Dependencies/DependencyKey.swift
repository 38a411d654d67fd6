// TestDependencyKey and DependencyKey: how a dependency gives its live, test and preview values.

/// A key for a dependency that has a value for tests and previews.
///
/// Conform to ``DependencyKey`` instead when the dependency also has a live value.
public protocol TestDependencyKey {
  /// The dependency's type.
  associatedtype Value: Sendable = Self
  /// The value used in previews; the test value unless given.
  static var previewValue: Value { get }
  /// The value used under test (in a ``TestStore`` or a store created in the test context).
  static var testValue: Value { get }
}

/// A key for a dependency that has a live value, and optionally test and preview values.
///
/// A dependency that gives no ``TestDependencyKey/testValue`` fails the test that uses it,
/// naming the dependency, and falls back to its live value, as in TCA.
public protocol DependencyKey: TestDependencyKey {
  // Restated from `TestDependencyKey` so a key that gives only `liveValue` infers `Value` from
  // it instead of defaulting to `Self` (swiftlang/swift#61077), as swift-dependencies does.
  /// The dependency's type.
  associatedtype Value: Sendable = Self
  /// The value used when the app runs for real.
  static var liveValue: Value { get }
  /// The value used in previews; the live value unless given.
  static var previewValue: Value { get }
  /// The value used under test; a failure naming the key, then the live value, unless given.
  static var testValue: Value { get }
}

extension TestDependencyKey {
  /// The test value, unless the key gives a preview value of its own.
  public static var previewValue: Value { testValue }
}

extension DependencyKey {
  /// The live value, unless the key gives a preview value of its own.
  public static var previewValue: Value { liveValue }

  /// Reports that the dependency has no test value, and returns the live value.
  public static var testValue: Value {
    RuntimeWarning.report(
      """
      A dependency has no test implementation, but was accessed from a test context:

        Key:
          \(Self.self)
        Value:
          \(Value.self)

      Dependencies registered with the library are not allowed to use their default, live \
      implementations when run from tests. Override it in the test's "withDependencies" or give \
      the key a "testValue".
      """)
    return liveValue
  }
}
