// The `uuid` dependency: UUIDGenerator, random when live, incrementing or constant in tests.

import Foundation
import NavSync

/// A dependency that makes UUIDs: random when live, predictable in tests.
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// Creates a generator from a closure.
  public init(_ generate: @escaping @Sendable () -> UUID) { self.generate = generate }

  /// Returns a new UUID.
  public func callAsFunction() -> UUID { generate() }

  /// Random version-4 UUIDs.
  public static var live: Self { Self { UUID() } }

  /// Always `uuid`.
  public static func constant(_ uuid: UUID) -> Self { Self { uuid } }

  /// `00000000-0000-0000-0000-000000000000`, then `…0001`, `…0002`, and so on.
  public static var incrementing: Self {
    let counter = Protected<UInt64>(0)
    return Self {
      let value = counter.withLock { value -> UInt64 in
        defer { value += 1 }
        return value
      }
      return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012llX", value))!
    }
  }
}

private enum UUIDGeneratorKey: DependencyKey {
  static var liveValue: UUIDGenerator { .live }
  static var testValue: UUIDGenerator {
    UUIDGenerator {
      RuntimeWarning.report(
        "Unimplemented: @Dependency(\\.uuid) … Override it with \"UUIDGenerator.incrementing\".")
      return UUID()
    }
  }
}

extension DependencyValues {
  /// The UUID generator: random when live; under test it must be overridden.
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}

extension UUID {
  /// The UUID whose last twelve hex digits are `intValue`: `UUID(0)` is
  /// `00000000-0000-0000-0000-000000000000`, the first ``UUIDGenerator/incrementing`` returns,
  /// as swift-dependencies spells it in tests.
  public init(_ intValue: Int) {
    self.init(uuidString: String(format: "00000000-0000-0000-0000-%012llX", UInt64(intValue)))!
  }
}
