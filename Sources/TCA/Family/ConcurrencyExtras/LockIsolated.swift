// LockIsolated: a mutable value behind a lock, read and changed from any thread.

import Foundation

/// A mutable value that any thread may read and change, one at a time, behind a lock.
///
/// Tests use it to record what an effect or a dependency did, from code that runs elsewhere:
///
/// ```swift
/// let opened = LockIsolated<[URL]>([])
/// store.dependencies.openURL = OpenURLEffect { url in
///   opened.withValue { $0.append(url) }
///   return true
/// }
/// ```
///
/// The lock is recursive: an operation may read the value again.
@dynamicMemberLookup
public final class LockIsolated<Value>: @unchecked Sendable {
  private var storage: Value
  private let lock = NSRecursiveLock()

  /// Isolates `value`.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    storage = try value()
  }

  /// A property of the value, read under the lock.
  public subscript<Subject: Sendable>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    lock.withLock { storage[keyPath: keyPath] }
  }

  /// Runs `operation` on the value under the lock, so that it reads and changes it as one step;
  /// returns what it returns.
  public func withValue<T: Sendable>(_ operation: @Sendable (inout Value) throws -> T) rethrows
    -> T
  {
    try lock.withLock { try operation(&storage) }
  }

  /// Replaces the value under the lock.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    try lock.withLock { storage = try newValue() }
  }
}

extension LockIsolated where Value: Sendable {
  /// The value, read under the lock.
  public var value: Value { lock.withLock { storage } }
}

extension LockIsolated: Equatable where Value: Equatable {
  /// Whether two isolated values are equal now, each read under its own lock.
  public static func == (lhs: LockIsolated, rhs: LockIsolated) -> Bool {
    if lhs === rhs { return true }
    let left = lhs.lock.withLock { lhs.storage }
    let right = rhs.lock.withLock { rhs.storage }
    return left == right
  }
}
