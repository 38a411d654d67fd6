// TestClock: a clock whose time moves only when a test or a script advances it.

import NavSync
import Synchronization

/// A clock whose time moves only when a test (or a script) advances it.
///
/// Sleepers wake in deadline order as ``advance(by:)`` passes their deadlines; between wake-ups
/// the clock yields so the woken tasks can run and schedule their next sleep, as swift-clocks'
/// `TestClock` does.
public final class TestClock<Duration: DurationProtocol & Hashable & Sendable>: Clock,
  @unchecked Sendable
{
  /// A point in a test clock's time: the duration since the clock started.
  public struct Instant: InstantProtocol, Sendable {
    /// How far this instant is from the clock's start.
    public let offset: Duration

    /// Creates an instant at `offset` from the clock's start.
    public init(offset: Duration = .zero) { self.offset = offset }

    /// Returns the instant `duration` later.
    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }

    /// Returns the duration from this instant to `other`.
    public func duration(to other: Self) -> Duration { other.offset - offset }

    /// Orders instants by offset.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct Storage {
    var now: Instant
    var sleepers: [Sleeper] = []
    var nextID: UInt64 = 0
    /// Sleeps that have an id but are not yet among `sleepers`.
    ///
    /// A cancel in that window is kept in `cancelledBeforeSleeping` until the sleep sees it; a
    /// cancel after the sleep ended is not kept, so both sets hold only sleeps in progress.
    var starting: Set<UInt64> = []
    var cancelledBeforeSleeping: Set<UInt64> = []
    var registrations: UInt64 = 0
  }

  private let storage: Protected<Storage>

  /// `now`'s offset in nanoseconds, kept outside the lock for a clock of `Swift.Duration`.
  private let offsetNanosecondsMirror = Atomic<Int64>(0)

  /// Creates a clock that starts at `now`.
  public init(now: Instant = .init()) {
    self.storage = Protected(Storage(now: now))
    mirror(now)
  }

  /// How far `now` is from the clock's start, in nanoseconds, read without the lock.
  ///
  /// For a clock of `Swift.Duration` (0 for other durations). A store's history reads it on
  /// every action, where ``now`` costs a lock and this generic class's metadata (~1,000
  /// instructions).
  package var offsetNanoseconds: Int64 { offsetNanosecondsMirror.load(ordering: .relaxed) }

  /// Keeps `offsetNanoseconds` up to date with `instant`, the new `now`.
  private func mirror(_ instant: Instant) {
    guard let offset = instant.offset as? Swift.Duration else { return }
    let (seconds, attoseconds) = offset.components
    offsetNanosecondsMirror.store(
      seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000, ordering: .relaxed)
  }

  /// The clock's current instant.
  public var now: Instant { storage.withLock { $0.now } }

  /// The smallest step the clock reports.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks sleeping on the clock.
  public var sleeperCount: Int { storage.withLock { $0.sleepers.count } }

  /// The earliest deadline of a sleeping task, if any.
  public var nextDeadline: Instant? {
    // Closures, not `\.deadline`: a key path in a generic class is instantiated on every call.
    storage.withLock { $0.sleepers.lazy.map { $0.deadline }.min() }
  }

  /// Suspends until the clock is advanced to `deadline`, or throws if the task is cancelled.
  public func sleep(until deadline: Instant, tolerance _: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = storage.withLock { storage -> UInt64 in
      storage.nextID += 1
      storage.starting.insert(storage.nextID)
      return storage.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let outcome = storage.withLock { storage -> Result<Void, any Error>? in
          storage.starting.remove(id)
          if storage.cancelledBeforeSleeping.remove(id) != nil {
            return .failure(CancellationError())
          }
          storage.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          storage.registrations &+= 1
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let sleeper = storage.withLock { storage -> Sleeper? in
        guard let index = storage.sleepers.firstIndex(where: { $0.id == id }) else {
          if storage.starting.contains(id) { storage.cancelledBeforeSleeping.insert(id) }
          return nil
        }
        return storage.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking each sleeper whose deadline passes, in order.
  ///
  /// Between wake-ups the clock waits for the woken tasks to run: with `settle`, until it returns
  /// (a store's ``Store/settle(timeout:)`` knows exactly); without, by yielding until the woken
  /// tasks sleep again or a short bounded wait passes.
  public func advance(
    by duration: Duration = .zero, settle: (() async -> Void)? = nil
  ) async {
    await advance(to: now.advanced(by: duration), settle: settle)
  }

  /// Moves time forward to `deadline`, waking each sleeper whose deadline passes, in order.
  public func advance(to deadline: Instant, settle: (() async -> Void)? = nil) async {
    if let settle { await settle() } else { await self.settle() }
    while let woken = wakeNext(upTo: deadline) {
      if let settle { await settle() } else { await self.settle(afterWaking: woken) }
    }
    storage.withLock { if $0.now < deadline { $0.now = deadline } }
    mirror(now)
    if let settle { await settle() } else { await self.settle() }
  }

  /// Moves time forward to `deadline` from synchronous code, calling `settle` after each wake-up.
  ///
  /// For hosts that cannot await, such as a Lua script: `settle` blocks until the woken work has
  /// run (a store's ``Store/settleBlocking(timeout:)``).
  public func advanceBlocking(to deadline: Instant, settle: () -> Void) {
    settle()
    while wakeNext(upTo: deadline) != nil { settle() }
    storage.withLock { if $0.now < deadline { $0.now = deadline } }
    mirror(now)
    settle()
  }

  /// Runs the clock until nothing sleeps on it, giving up after `maximumSteps` wake-ups.
  ///
  /// Returns whether the clock came to rest; a repeating timer never does.
  @discardableResult
  public func run(maximumSteps: Int = 10_000) async -> Bool {
    await settle()
    for _ in 0..<maximumSteps {
      guard let next = nextDeadline else { return true }
      guard let woken = wakeNext(upTo: next) else { continue }
      await settle(afterWaking: woken)
    }
    return nextDeadline == nil
  }

  /// Moves time to the earliest deadline not after `limit` and wakes its sleepers; returns how
  /// many woke, or `nil` when none was due.
  private func wakeNext(upTo limit: Instant) -> Int? {
    let due = storage.withLock { storage -> [Sleeper] in
      guard let earliest = storage.sleepers.lazy.map({ $0.deadline }).min(), earliest <= limit
      else {
        return []
      }
      if storage.now < earliest { storage.now = earliest }
      let due = storage.sleepers.filter { $0.deadline <= storage.now }
      storage.sleepers.removeAll { $0.deadline <= storage.now }
      return due
    }
    mirror(now)
    guard !due.isEmpty else { return nil }
    for sleeper in due { sleeper.continuation.resume() }
    return due.count
  }

  /// Waits until the work the clock just woke has run.
  ///
  /// That is when every store's effects have settled (they run on executors that know when they
  /// are idle) and the woken sleepers have gone back to sleep or finished. Bounded, so a busy
  /// unrelated task cannot hang a test.
  private func settle(afterWaking woken: Int = 0) async {
    let before = storage.withLock { $0.registrations }
    let deadline = ContinuousClock.now + .seconds(1)
    var quietRounds = 0
    while ContinuousClock.now < deadline {
      await Task.yield()
      let registered = storage.withLock { $0.registrations } &- before
      if EffectExecutor.allIdle {
        if woken > 0, registered >= UInt64(woken) { return }
        quietRounds += 1
        // Work outside stores' executors (plain tasks) gets a few more chances to run.
        if quietRounds >= 8 { return }
      } else {
        quietRounds = 0
        try? await Task.sleep(nanoseconds: 20_000)
      }
    }
  }
}

extension TestClock where Duration == Swift.Duration {
  /// Creates a clock that measures `Swift.Duration` and starts at zero.
  public convenience init() { self.init(now: .init()) }
}
