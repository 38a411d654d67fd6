// The `date` dependency: DateGenerator, the real date when live, a fixed one in tests.

import Foundation

/// A dependency that tells the current date: the real one when live, a fixed one in tests.
public struct DateGenerator: Sendable {
  private var generate: @Sendable () -> Date

  /// Creates a generator from a closure.
  public init(_ generate: @escaping @Sendable () -> Date) { self.generate = generate }

  /// The current date; setting it fixes the date (`$0.date.now = Date(…)` in a test).
  public var now: Date {
    get { generate() }
    set { generate = { newValue } }
  }

  /// Returns the current date.
  public func callAsFunction() -> Date { generate() }

  /// Always `date`.
  public static func constant(_ date: Date) -> Self { Self { date } }
}

private enum DateGeneratorKey: DependencyKey {
  static var liveValue: DateGenerator { DateGenerator { Date() } }
  static var testValue: DateGenerator {
    DateGenerator {
      RuntimeWarning.report(
        "Unimplemented: @Dependency(\\.date) … Override it with \"DateGenerator.constant(_:)\".")
      return Date()
    }
  }
}

extension DependencyValues {
  /// The current date: real when live; under test it must be overridden.
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}
