// How long the I/O loop keeps polling for work before it sleeps, adapted to how soon work comes.

/// How long the I/O loop polls epoll for work before it sleeps, grown when work came soon
/// after the loop went idle and shrunk when a poll found nothing.
///
/// A client's request arrives some microseconds after navd answered its last one. When the loop
/// is asleep by then, the kernel must wake its thread, and on a virtual machine that costs more
/// than the request itself: most of a round trip's 20–30 µs. Polling a little longer than the
/// usual gap answers the next request without that wake-up. The policy is Linux's cpuidle
/// `haltpoll` governor's: a poll that runs its whole window without work halves the window (so
/// a daemon with sparse traffic soon stops polling); a wake-up after an idle time the limit
/// could have covered grows the window to cover it. Polling costs CPU only while clients are
/// busy, at most `limit` after each burst of work; a limit of 0 never polls (see
/// docs/operations.md, `busy-poll-us`).
package struct PollWindow {
  /// The longest window, in nanoseconds; 0 turns polling off.
  package var limit: UInt64 {
    didSet { current = min(current, limit) }
  }

  /// The present window, in nanoseconds.
  private(set) var current: UInt64

  /// The shortest window worth polling; below it the window drops to 0.
  package static let shortest: UInt64 = 1_000

  /// Creates a window of `limit` nanoseconds, starting at the limit.
  package init(limit: UInt64) {
    self.limit = limit
    current = limit
  }

  /// Notes that a poll ran the whole window and found no work: the next window is half as long.
  package mutating func missed() {
    current /= 2
    if current < Self.shortest { current = 0 }
    justMissed = true
  }

  /// Whether the last poll ran its whole window without work (until the next wake-up).
  private(set) var justMissed = false

  /// Notes, at time `now`, that the CPU is wanted by another thread: the window closes and stays
  /// closed for ``contendedPause``.
  ///
  /// Three signs tell it. The loop sees two: its thread is being preempted often (more than
  /// ``contendedPreemptionsPerMillisecond``: many clients on few CPUs, or a client on its CPU),
  /// or a yield inside the poll ran another thread. The third is work that came soon after a
  /// fruitless poll gave up (``woke(afterIdle:asleep:at:)``): the poll itself held the work
  /// back, a client on the loop's own CPU that the scheduler did not run while the loop yielded.
  /// Either way polling only takes turns with that thread, and it would reopen at once, as
  /// requests come soon after each answer.
  package mutating func contended(at now: UInt64) {
    current = 0
    closedUntil = now &+ Self.contendedPause
  }

  /// How long a `sched_yield` may take, in nanoseconds, before it may have run another thread
  /// (the loop then asks the kernel whether it did).
  ///
  /// On these virtual machines a yield with nobody to yield to is a system call of 0.5–1 µs; one
  /// that ran another thread is two context switches, 2 µs and more even when that thread yields
  /// straight back. A client on the loop's CPU that does its little work within the yield must
  /// count: with a 5 µs threshold it did not, and the loop polled, without that sign, until the
  /// scheduler let the client run, which halved the round trips of a client sharing its CPU.
  package static let contendedYield: UInt64 = 1_500

  /// How many times a millisecond the loop's thread may be preempted before its CPU counts as
  /// wanted.
  package static let contendedPreemptionsPerMillisecond = 2

  /// How long the window stays closed once the CPU is wanted, in nanoseconds: long enough that
  /// checking again costs nothing that shows, short enough to follow a thread moved elsewhere.
  package static let contendedPause: UInt64 = 2_000_000

  /// Until when, on the monotonic clock, the window stays closed after contention.
  private(set) var closedUntil: UInt64 = 0

  /// Notes that work came at time `now` after the loop had been idle for `idle` nanoseconds,
  /// the last `slept` of them asleep.
  ///
  /// Work that came within the (halved) window after a fruitless poll was held back by it: the
  /// window closes (``contended(at:)``). Otherwise, when the limit could have covered the idle
  /// time, the window grows to cover it with a quarter to spare, unless it is closed.
  package mutating func woke(afterIdle idle: UInt64, asleep slept: UInt64, at now: UInt64) {
    defer { justMissed = false }
    if justMissed, slept < current {
      contended(at: now)
      return
    }
    guard idle <= limit, now >= closedUntil else { return }
    current = min(limit, max(current * 2, idle + idle / 4, Self.shortest))
  }
}
