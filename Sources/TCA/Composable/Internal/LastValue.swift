// LastValue: the last non-nil value an optional source gave, for stores and bindings that
// outlive their state (a child store while it animates away, a row store after its element).

import Foundation

/// The last value an optional source had, read from whichever thread reads it.
package final class LastValue<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()

  /// Starts from `value`.
  package init(_ value: Value) { self.value = value }

  /// Keeps `current` when there is one, and returns the last value.
  package func update(_ current: Value?) -> Value {
    lock.lock()
    defer { lock.unlock() }
    if let current { value = current }
    return value
  }
}
