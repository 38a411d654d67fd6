// EffectExecutor: the serial executor of a root store's effects, which knows when it is idle.

import Dispatch
import Synchronization

/// The executor a root store's effects run on: one serial queue per store, which can tell when
/// it has nothing left to do.
///
/// Effect tasks prefer this executor, so every step of every effect of one store runs here, one
/// at a time. When the queue is empty the store's effects are all suspended (on a clock, a stream
/// or I/O) or finished: the store has settled. Test stores and scripts use that to advance
/// virtual time deterministically, instead of yielding and hoping, on a machine where effects
/// would otherwise race the test on other threads.
final class EffectExecutor: TaskExecutor, @unchecked Sendable {
  private let queue: DispatchQueue
  private let pending = Atomic<Int>(0)
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
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      self.pending.subtract(1, ordering: .sequentiallyConsistent)
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
    guard DispatchQueue.getSpecific(key: Self.ownQueue) != ObjectIdentifier(self) else { return }
    queue.sync {}
  }

  /// Whether no store in the process has an effect step queued or running.
  static var allIdle: Bool { allPending.load(ordering: .sequentiallyConsistent) == 0 }
}
