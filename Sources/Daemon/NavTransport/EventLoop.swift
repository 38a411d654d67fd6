// The I/O loop: one thread waiting on epoll for the listener, the clients and a wake-up fd.

import CNavSys
import Foundation
import Glibc
import NavSync
import Synchronization

/// Readiness events the loop delivers to a registered descriptor's handler.
package struct Readiness: OptionSet, Sendable {
  package let rawValue: UInt32
  package init(rawValue: UInt32) { self.rawValue = rawValue }
  package static let readable = Readiness(rawValue: UInt32(NAVSYS_READABLE))
  package static let writable = Readiness(rawValue: UInt32(NAVSYS_WRITABLE))
  package static let error = Readiness(rawValue: UInt32(NAVSYS_ERROR))
  package static let hangUp = Readiness(rawValue: UInt32(NAVSYS_HANGUP))
  package static let peerClosed = Readiness(rawValue: UInt32(NAVSYS_PEER_CLOSED))
}

/// One thread that waits on epoll and calls each ready descriptor's handler, plus a queue of
/// work other threads hand to it.
///
/// Handlers run on the loop's thread only. Registering and changing interest is thread-safe
/// (epoll is), so a worker that finds a socket full can ask for writability itself.
///
/// The loop holds each handler strongly until its descriptor is unregistered or the loop stops,
/// when it drops them all: a handler may capture its owner strongly (no weak reference to load
/// on every event), and the cycle through the loop ends with the registration.
package final class EventLoop: @unchecked Sendable {
  package typealias Handler = (Readiness) -> Void

  private let epoll: Int32
  private let wakeUp: Int32
  private let lock = Lock()
  // The mutable properties marked `@exclusivity(unchecked)` are only touched under `lock`,
  // which already rules out overlapping accesses: the run-time exclusivity check (a
  // thread-local lookup in the Swift runtime, ~80 instructions) is dropped on these hot paths.
  /// Handlers by descriptor: descriptors are small integers, so an array, with no hashing.
  @exclusivity(unchecked) private var handlers: [Handler?] = []
  @exclusivity(unchecked) private var pending: [() -> Void] = []
  /// Whether the loop goes on; read on every turn, so an atomic rather than under `lock`.
  private let running = Atomic(true)
  /// Whether `pending` may hold work: set after appending, cleared before draining, so a turn
  /// with nothing handed over takes no lock.
  private let hasPending = Atomic(false)
  /// The longest the loop polls for work before it sleeps, in nanoseconds (``PollWindow``);
  /// an atomic so a reload can change it while the loop runs.
  private let busyPollLimit: Atomic<UInt64>
  /// The poll window the loop used last, in nanoseconds, for ``pollWindow``.
  private let lastWindow: Atomic<UInt64>
  private var thread: Thread?

  /// One buffer every connection reads into, on the loop's thread only (a buffer per
  /// connection would cost each idle client 64 KiB).
  package let readBuffer = UnsafeMutableRawBufferPointer.allocate(
    byteCount: 64 * 1024, alignment: 16)

  /// Creates the loop's epoll instance and wake-up descriptor; the loop polls for work up to
  /// `busyPoll` before it sleeps (``PollWindow``).
  package init(busyPoll: Duration = .zero) throws(SystemError) {
    busyPollLimit = Atomic(UInt64(max(busyPoll.nanoseconds, 0)))
    lastWindow = Atomic(busyPollLimit.load(ordering: .relaxed))
    epoll = try system("epoll_create1") { navsys_epoll_create() }
    wakeUp = try system("eventfd") { navsys_eventfd() }
    try system("epoll_ctl(ADD eventfd)") {
      navsys_epoll_ctl(epoll, 1, wakeUp, UInt32(NAVSYS_READABLE))
    }
  }

  deinit {
    close(epoll)
    close(wakeUp)
    readBuffer.deallocate()
  }

  /// Starts the loop on its own thread.
  package func start(name: String = "navd.io") {
    let thread = Thread { [self] in run() }
    thread.name = name
    thread.stackSize = 1 << 20
    self.thread = thread
    thread.start()
  }

  /// Calls `handler` on the loop's thread when `descriptor` is ready for `interest`.
  package func register(_ descriptor: Int32, interest: Readiness, handler: @escaping Handler)
    throws(SystemError)
  {
    let index = Int(descriptor)
    lock.withLock {
      if index >= handlers.count {
        handlers.append(contentsOf: repeatElement(nil, count: index + 1 - handlers.count))
      }
      handlers[index] = handler
    }
    do {
      try system("epoll_ctl(ADD \(descriptor))") {
        navsys_epoll_ctl(epoll, 1, descriptor, interest.rawValue | UInt32(NAVSYS_PEER_CLOSED))
      }
    } catch {
      lock.withLock { handlers[index] = nil }
      throw error
    }
  }

  /// Changes what `descriptor` is watched for.
  package func modify(_ descriptor: Int32, interest: Readiness) {
    _ = navsys_epoll_ctl(epoll, 3, descriptor, interest.rawValue | UInt32(NAVSYS_PEER_CLOSED))
  }

  /// Stops watching `descriptor` (call before closing it).
  package func unregister(_ descriptor: Int32) {
    _ = navsys_epoll_ctl(epoll, 2, descriptor, 0)
    let index = Int(descriptor)
    lock.withLock { if index < handlers.count { handlers[index] = nil } }
  }

  /// Calls `handler` on the loop's thread every `interval`, from a timer the loop waits on with
  /// its sockets: a loop that is stuck stops calling it (the watchdog relies on this).
  package func repeating(every interval: Duration, handler: @escaping () -> Void)
    throws(SystemError)
  {
    let nanoseconds = UInt64(max(interval.nanoseconds, 1_000_000))
    let timer = try system("timerfd_create") { navsys_timerfd(nanoseconds) }
    try register(timer, interest: .readable) { _ in
      _ = navsys_timerfd_drain(timer)
      handler()
    }
  }

  /// Runs `work` on the loop's thread soon.
  package func execute(_ work: @escaping () -> Void) {
    lock.withLock { pending.append(work) }
    hasPending.store(true, ordering: .releasing)
    _ = navsys_eventfd_signal(wakeUp)
  }

  /// The longest the loop polls for work before it sleeps (0: it never polls).
  package var busyPoll: Duration {
    get { .nanoseconds(Int64(busyPollLimit.load(ordering: .relaxed))) }
    set { busyPollLimit.store(UInt64(max(newValue.nanoseconds, 0)), ordering: .relaxed) }
  }

  /// The window the loop polled for before its last sleep (``PollWindow/current``): it drops to
  /// 0 once traffic is sparse, so an idle daemon spends no CPU.
  package var pollWindow: Duration { .nanoseconds(Int64(lastWindow.load(ordering: .relaxed))) }

  /// Stops the loop after the current iteration.
  package func stop() {
    running.store(false, ordering: .releasing)
    _ = navsys_eventfd_signal(wakeUp)
  }

  private func run() {
    var events = [navsys_event](repeating: navsys_event(), count: 128)
    var window = PollWindow(limit: busyPollLimit.load(ordering: .relaxed))
    while running.load(ordering: .acquiring) {
      window.limit = busyPollLimit.load(ordering: .relaxed)
      let count = events.withUnsafeMutableBufferPointer { wait(into: $0, window: &window) }
      if count < 0 { continue }  // EINTR
      for event in events[0..<Int(count)] {
        if event.fd == wakeUp {
          _ = navsys_eventfd_drain(wakeUp)
          continue
        }
        let index = Int(event.fd)
        let handler = lock.withLock { index < handlers.count ? handlers[index] : nil }
        handler?(Readiness(rawValue: event.events))
      }
      guard hasPending.exchange(false, ordering: .acquiringAndReleasing) else { continue }
      let work = lock.withLock {
        defer { pending.removeAll() }
        return pending
      }
      for item in work { item() }
    }
    // The handlers, and work handed over too late, may hold their owners: the loop drops them,
    // outside the lock, as releasing them may run deinitializers.
    var handlersLeft: [Handler?] = []
    var workLeft: [() -> Void] = []
    lock.withLock {
      swap(&handlersLeft, &handlers)
      swap(&workLeft, &pending)
    }
  }

  /// The loop thread's involuntary context switches when last counted, and when that was.
  private var involuntarySwitches = 0
  private var switchesCountedAt: UInt64 = 0

  /// Whether the loop's thread gave its CPU to another thread without blocking (preempted, or a
  /// yield that ran one) since this was last asked; a slow `sched_yield` that did not (an
  /// interrupt, the hypervisor) is no sign of contention.
  private func ranAnotherThread(at now: UInt64) -> Bool {
    preemptionsSinceLastCount(at: now) > 0
  }

  /// Whether the loop's thread is being preempted often.
  ///
  /// Often is more than ``PollWindow/contendedPreemptionsPerMillisecond`` since the last count,
  /// counted at most once a millisecond. Many clients on few CPUs preempt it thousands of times
  /// a second, a client on its own CPU at every request; the odd preemption by a kernel thread
  /// (a few a second when one client runs on another CPU) is no reason to stop polling.
  private func preemptedOften(at now: UInt64) -> Bool {
    let elapsed = now &- switchesCountedAt
    guard elapsed >= 1_000_000 else { return false }
    return preemptionsSinceLastCount(at: now)
      > PollWindow.contendedPreemptionsPerMillisecond * Int(elapsed / 1_000_000)
  }

  /// The involuntary switches since the last count; counts anew.
  private func preemptionsSinceLastCount(at now: UInt64) -> Int {
    let switches = navsys_involuntary_switches()
    defer {
      involuntarySwitches = switches
      switchesCountedAt = now
    }
    return switches - involuntarySwitches
  }

  /// Waits for ready descriptors: polls epoll for `window`'s length, then sleeps in it for up
  /// to a second; returns how many events were written to `events` (0 on timeout, -1 on EINTR).
  private func wait(
    into events: UnsafeMutableBufferPointer<navsys_event>, window: inout PollWindow
  ) -> Int32 {
    let capacity = Int32(events.count)
    guard window.limit > 0 else {
      // No polling: say so, or a window from before the limit was lowered reads on.
      lastWindow.store(0, ordering: .relaxed)
      return navsys_epoll_wait(epoll, events.baseAddress, capacity, 1000)
    }
    let idleSince = monotonicNanoseconds()
    // Preempted often: threads on this CPU want it while the loop works.
    if window.current > 0, preemptedOften(at: idleSince) { window.contended(at: idleSince) }
    while window.current > 0 {
      let count = navsys_epoll_wait(epoll, events.baseAddress, capacity, 0)
      if count != 0 { return count }
      // A thread that is ready to run on this CPU (a client, a script) goes first; when one
      // did, the CPU is wanted, and the loop sleeps rather than take turns with it.
      let yielding = monotonicNanoseconds()
      sched_yield()
      let polled = monotonicNanoseconds()
      if polled &- yielding > PollWindow.contendedYield, ranAnotherThread(at: polled) {
        window.contended(at: polled)
      } else if polled &- idleSince >= window.current {
        window.missed()
        break
      }
    }
    lastWindow.store(window.current, ordering: .relaxed)
    let sleeping = monotonicNanoseconds()
    let count = navsys_epoll_wait(epoll, events.baseAddress, capacity, 1000)
    if count > 0 {
      let now = monotonicNanoseconds()
      window.woke(afterIdle: now &- idleSince, asleep: now &- sleeping, at: now)
    }
    return count
  }
}
