// The time constants Darwin's headers give (`NSEC_PER_SEC`, …), which TCA code and tests use
// with `Task.sleep(nanoseconds:)` and Linux's headers lack.

#if !canImport(Darwin)
  /// Nanoseconds in a second.
  public let NSEC_PER_SEC: UInt64 = 1_000_000_000
  /// Nanoseconds in a millisecond.
  public let NSEC_PER_MSEC: UInt64 = 1_000_000
  /// Nanoseconds in a microsecond.
  public let NSEC_PER_USEC: UInt64 = 1_000
  /// Microseconds in a second.
  public let USEC_PER_SEC: UInt64 = 1_000_000
#endif
