// The continuations a SharedKey resumes when it has loaded or saved, and the subscriber and
// subscription through which it reports changes made outside.

import Synchronization

/// Resumed once by ``SharedReaderKey/load(context:continuation:)`` with the loaded value.
public struct LoadContinuation<Value>: Sendable {
  private let callback: @Sendable (Result<Value?, any Error>) -> Void
  private let resumed = OnceFlag()

  /// A continuation calling `callback` once, with `nil` for "keep the initial value".
  public init(_ callback: @escaping @Sendable (Result<Value?, any Error>) -> Void) {
    self.callback = callback
  }

  /// Resumes with a loaded value.
  public func resume(returning value: Value) { resume(with: .success(value)) }

  /// Resumes with the error that kept the value from loading.
  public func resume(throwing error: any Error) { resume(with: .failure(error)) }

  /// Resumes saying storage holds no value: the reference keeps its initial value.
  public func resumeReturningInitialValue() { resume(with: .success(nil)) }

  /// Resumes with a result: a value, `nil` for the initial value, or an error.
  public func resume(with result: Result<Value?, any Error>) {
    guard resumed.claim() else { return }
    callback(result)
  }
}

/// Told by a key of values changed outside the reference (another process, user defaults).
public struct SharedSubscriber<Value>: Sendable {
  private let callback: @Sendable (Result<Value?, any Error>) -> Void

  /// A subscriber calling `callback` for each change.
  public init(_ callback: @escaping @Sendable (Result<Value?, any Error>) -> Void) {
    self.callback = callback
  }

  /// Reports a new value.
  public func yield(_ value: Value) { callback(.success(value)) }

  /// Reports that storage no longer holds a value: the reference keeps its initial value.
  public func yieldReturningInitialValue() { callback(.success(nil)) }

  /// Reports an error reading the changed value.
  public func yield(throwing error: any Error) { callback(.failure(error)) }

  /// Reports a result: a value, `nil` for the initial value, or an error.
  public func yield(with result: Result<Value?, any Error>) { callback(result) }
}

/// Stops a key's reports of outside changes: cancelled explicitly, or when the reference goes.
public struct SharedSubscription: Sendable {
  private let onCancel: @Sendable () -> Void

  /// A subscription that runs `cancel` when cancelled.
  public init(_ cancel: @escaping @Sendable () -> Void) { self.onCancel = cancel }

  /// Stops the reports.
  public func cancel() { onCancel() }
}

/// Resumed once by ``SharedKey/save(_:context:continuation:)`` when the value is saved.
public struct SaveContinuation: Sendable {
  private let callback: @Sendable ((any Error)?) -> Void
  private let resumed = OnceFlag()

  /// A continuation calling `callback` once, with `nil` for success.
  public init(_ callback: @escaping @Sendable ((any Error)?) -> Void) { self.callback = callback }

  /// Resumes: the value is saved.
  public func resume() { resume(with: .success(())) }

  /// Resumes with the error that kept the value from being saved.
  public func resume(throwing error: any Error) { resume(with: .failure(error)) }

  /// Resumes with a result.
  public func resume(with result: Result<Void, any Error>) {
    guard resumed.claim() else { return }
    switch result {
    case .success: callback(nil)
    case .failure(let error): callback(error)
    }
  }
}

/// A flag that is claimed once: the first `claim()` returns true, every later one false.
final class OnceFlag: Sendable {
  private let claimed = Atomic<Bool>(false)
  func claim() -> Bool { !claimed.exchange(true, ordering: .acquiringAndReleasing) }
}
