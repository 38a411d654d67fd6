// What TCA's own tests read of its internals, behind the same SPI names, so its test suite's
// shared base class compiles and checks what it can: `_cancellationCancellables` (no effect left
// filed under a cancel id after a test) and `Logger` (store lifecycle logs, which navd does not
// write: `logs` stays empty). docs/composable.md lists the internals that are not here.

import ConcurrencyExtras

/// The effects filed under cancel ids in every store of the process, as TCA's tests count them.
@_spi(Internals)
public let _cancellationCancellables = LockIsolated(CancellablesCollection())

/// A count of the effects filed under cancel ids, from the last `removeAll()` on.
@_spi(Internals)
public struct CancellablesCollection: Sendable {
  private var forgotten = 0

  /// Creates the collection.
  public init() {}

  /// How many effects are filed under a cancel id now, beyond those forgotten.
  public var count: Int { max(0, CancellableEffects.live - forgotten) }

  /// Forgets the effects filed now (a test's leftovers), so the next test counts from zero.
  public mutating func removeAll() { forgotten = CancellableEffects.live }
}

/// The store lifecycle log TCA's tests read; navd writes none, so `logs` stays empty.
@_spi(Logging)
@MainActor
public final class Logger {
  /// The one log.
  public static let shared = Logger()

  /// Whether logging is on.
  public var isEnabled = false

  /// What was logged.
  public private(set) var logs: [String] = []

  /// Forgets what was logged.
  public func clear() { logs.removeAll() }
}
