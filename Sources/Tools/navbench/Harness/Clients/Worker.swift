// A thread that runs one job at a time, for the client pool and the event sender.

import Foundation

/// A thread that runs one job at a time, handed over with ``begin(_:)``.
final class Worker: @unchecked Sendable {
  private let started = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)
  private var job: (() -> Void)?

  init(name: String) {
    let thread = Thread { [self] in
      while true {
        started.wait()
        guard let job else { return }
        job()
        finished.signal()
      }
    }
    thread.name = name
    thread.start()
  }

  /// Runs `job` on the worker's thread.
  func begin(_ job: @escaping () -> Void) {
    self.job = job
    started.signal()
  }

  /// Waits until the job has finished.
  func wait() { finished.wait() }

  /// Ends the thread.
  func stop() {
    job = nil
    started.signal()
  }
}
