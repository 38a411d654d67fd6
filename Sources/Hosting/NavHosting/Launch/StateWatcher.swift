// StateWatcher: the states a store passes through while an await watches it.

import Composable
import Foundation
import HeadlessUICore
import NavValue
import Synchronization

/// The states a store passed through while one `await` watched it, recorded from effect threads.
package final class StateWatcher: @unchecked Sendable {
  private let lock = NSLock()
  private var states: [Result<DataValue, NavError>] = []
  private let changed = DispatchSemaphore(value: 0)
  var observation: StoreObservation?

  /// Records a state (encoded on the thread that changed it, so it is the state of that moment).
  func record(_ encode: () throws(NavError) -> DataValue) {
    let state: Result<DataValue, NavError>
    do { state = .success(try encode()) } catch { state = .failure(error) }
    lock.withLock { states.append(state) }
    changed.signal()
  }

  /// The states recorded since the last call, oldest first.
  package func drain() throws(NavError) -> [DataValue] {
    let recorded = lock.withLock {
      defer { states.removeAll() }
      return states
    }
    var values: [DataValue] = []
    for state in recorded { values.append(try state.get()) }
    return values
  }

  /// Blocks until a state is recorded or `deadline` passes.
  package func wait(until deadline: ContinuousClock.Instant) {
    let remaining = ContinuousClock.now.duration(to: deadline)
    guard remaining > .zero else { return }
    _ = changed.wait(timeout: .now() + remaining.seconds)
  }

  /// Stops recording.
  package func cancel() {
    observation?.cancel()
    observation = nil
  }

  deinit { observation?.cancel() }
}
