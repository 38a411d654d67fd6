// The `continuousClock` and `suspendingClock` dependencies: real clocks, unimplemented in tests.

extension DependencyValues {
  /// The clock effects sleep on for wall-clock time: `ContinuousClock` when live, unimplemented
  /// under test.
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }

  /// The clock effects sleep on for time that stops while the machine sleeps: `SuspendingClock`
  /// when live, unimplemented under test.
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }
}

private enum ContinuousClockKey: DependencyKey {
  static var liveValue: any Clock<Duration> { ContinuousClock() }
  static var testValue: any Clock<Duration> { UnimplementedClock("continuousClock") }
}

private enum SuspendingClockKey: DependencyKey {
  static var liveValue: any Clock<Duration> { SuspendingClock() }
  static var testValue: any Clock<Duration> { UnimplementedClock("suspendingClock") }
}
