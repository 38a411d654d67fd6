// EffectExecutor: the serial executor of a root store's effects, which knows when it is idle.

import Dispatch
import NavSync
import Synchronization

/// The executor a root store's effects run on: one serial queue per store, which can tell when
/// it has nothing left to do.
///
/// Effect tasks prefer this executor, so every step of every effect of one store runs here, one
/// at a time. When the queue is empty the store's effects are all suspended (on a clock, a stream
/// or I/O) or finished: the store has settled. Test stores and scripts use that to advance
/// virtual time deterministically, instead of yielding and hoping, on a machine where effects
/// would otherwise race the test on other threads.
///
/// A store whose every change is followed by a settle from one thread (the explorer's) can have
/// its steps run by that thread instead (``runStepsOnSettlingThread()``): a step then costs no
/// hand-off to the queue's thread and back, which was most of an explored step's send.
final class EffectExecutor: TaskExecutor, @unchecked Sendable {
  private let queue: DispatchQueue
  private let pending = Atomic<Int>(0)
  /// Whether steps wait in `steps` for a settling thread rather than go to `queue`.
  private let onSettlingThread = Atomic<Bool>(false)
  /// The steps waiting for a settling thread, oldest first.
  private let steps = Protected<[UnownedJob]>([])
  /// Whether a thread is running the waiting steps: one at a time, as on the queue.
  private let running = Atomic<Bool>(false)
  /// Effect steps queued or running across every store in the process.
  private static let allPending = Atomic<Int>(0)

  /// Marks the queue, so a wait started from one of its own steps can tell.
  private static let ownQueue = DispatchSpecificKey<ObjectIdentifier>()

  init(label: String = "navd.store.effects") {
    self.queue = DispatchQueue(label: label)
    queue.setSpecific(key: Self.ownQueue, value: ObjectIdentifier(self))
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    pending.add(1, ordering: .sequentiallyConsistent)
    Self.allPending.add(1, ordering: .sequentiallyConsistent)
    if onSettlingThread.load(ordering: .acquiring) {
      steps.withLock { $0.append(job) }
      return
    }
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      self.pending.subtract(1, ordering: .sequentiallyConsistent)
      Self.allPending.subtract(1, ordering: .sequentiallyConsistent)
    }
  }

  /// Makes every step from now on wait for a thread that settles the store, which runs it
  /// (``runWaitingSteps()``), instead of running on the queue.
  ///
  /// Only for a store whose owner settles it after everything that can start or wake an effect
  /// (a send, a move of its virtual clock, a cancellation), from one thread at a time: a step
  /// queued when nobody settles afterwards waits. A step that blocks its thread blocks the
  /// settling thread. Call it before the store's first effect starts.
  func runStepsOnSettlingThread() {
    precondition(isIdle, "effect steps move to the settling thread before any is queued")
    onSettlingThread.store(true, ordering: .releasing)
  }

  /// Whether steps wait for a settling thread (``runStepsOnSettlingThread()``).
  var runsStepsOnSettlingThread: Bool { onSettlingThread.load(ordering: .relaxed) }

  /// Runs the steps waiting for a settling thread on the calling thread, and those they queue,
  /// until none waits; returns at once when another thread is running them, or when called
  /// from one of them.
  func runWaitingSteps() {
    guard runsStepsOnSettlingThread else { return }
    guard running.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    else { return }
    defer { running.store(false, ordering: .releasing) }
    while let job = steps.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
      job.runSynchronously(on: asUnownedTaskExecutor())
      pending.subtract(1, ordering: .sequentiallyConsistent)
      Self.allPending.subtract(1, ordering: .sequentiallyConsistent)
    }
  }

  /// Whether no effect step is queued or running.
  var isIdle: Bool { pending.load(ordering: .sequentiallyConsistent) == 0 }

  /// How many effect steps are queued or running.
  var pendingCount: Int { pending.load(ordering: .relaxed) }

  /// Blocks the calling thread until every step queued before the call has run.
  ///
  /// Returns at once when called from one of this executor's own steps, which would otherwise
  /// wait for itself. The caller must hold no lock a step may take (the store's, an observer's).
  func waitForQueuedSteps() {
    if runsStepsOnSettlingThread { return runWaitingSteps() }
    guard DispatchQueue.getSpecific(key: Self.ownQueue) != ObjectIdentifier(self) else { return }
    queue.sync {}
  }

  /// Whether no store in the process has an effect step queued or running.
  static var allIdle: Bool { allPending.load(ordering: .sequentiallyConsistent) == 0 }
}
