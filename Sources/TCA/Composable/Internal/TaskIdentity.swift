// TaskIdentity: which task (or, outside one, which thread) the caller runs on, by an id the
// process never reuses — what ties an expectation or a test's storages to the test that made it.

#if canImport(Glibc)
  import Glibc
#endif

/// The concurrency runtime's id of a task (a job): unique in the process, never reused.
@_silgen_name("swift_task_getJobTaskId")
private func navdTaskID(_ job: UnsafeRawPointer) -> UInt64

/// The identity of the calling task or thread.
enum TaskIdentity {
  /// The calling task's id; `nil` outside a task.
  static var currentTask: UInt64? {
    withUnsafeCurrentTask { task in
      task.map { navdTaskID(unsafeBitCast($0, to: UnsafeRawPointer.self)) }
    }
  }

  /// The calling task's id, or, outside a task, the thread's, marked apart from task ids.
  static var current: UInt64 { currentTask ?? (UInt64(pthread_self()) | (1 << 63)) }
}
