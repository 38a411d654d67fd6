// Effect: the work a reducer returns for the store to run: send, run, merge, concatenate, map.

/// The work a reducer asks the store to do after it returns: send more actions, run async code,
/// or cancel earlier work.
///
/// An effect is a description; the ``Store`` that received the action runs it. Synchronous parts
/// (``send(_:)``) are processed in the same `send` that returned them, before it returns;
/// asynchronous parts (``run(priority:operation:catch:fileID:line:)``) run in tasks that the store
/// owns and can cancel by id.
public struct Effect<Action>: @unchecked Sendable {
  @usableFromInline
  indirect enum Operation {
    case none
    case send(Action)
    case run(TaskPriority?, @Sendable (Send<Action>) async -> Void)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(CancelToken, cancelInFlight: Bool, Effect)
    case cancel(CancelToken)
    /// Cancels every effect filed at or below a place in the navigation tree.
    case cancelNavigation(NavigationIDPath)
    /// Runs an effect that is the library's own bookkeeping (a presentation's dismissal
    /// listener): a test store does not wait for it nor report it as still running.
    case untracked(Effect)
    /// A presented feature's dismissal listener at a place: the store keeps it as a record and
    /// sends the action when the feature calls `dismiss()` (``DismissalListener``).
    case listen(NavigationIDPath, Action)
  }

  @usableFromInline let operation: Operation

  @usableFromInline init(operation: Operation) { self.operation = operation }

  /// An effect that does nothing.
  public static var none: Self { Self(operation: .none) }

  /// An effect that sends `action` back into the store at once, in the same `send`.
  public static func send(_ action: Action) -> Self { Self(operation: .send(action)) }

  /// An effect that runs `operation` in a task; `send` feeds actions back into the store.
  ///
  /// The dependencies in force when the effect was created are in force inside `operation`.
  /// Once the effect is cancelled, `send` ignores actions. `CancellationError` is swallowed; any
  /// other error goes to `handler`, or is reported as a runtime warning when there is none.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Self {
    let dependencies = DependencyValues.Reference(DependencyValues.current)
    return Self(
      operation: .run(priority) { send in
        await DependencyValues.$_task.withValue(dependencies) {
          do {
            try await operation(send)
          } catch is CancellationError {
          } catch  where Task.isCancelled {
          } catch {
            if let handler {
              await handler(error, send)
            } else {
              RuntimeWarning.report(
                """
                An "Effect.run" returned from "\(fileID):\(line)" threw an unhandled error. …

                  \(String(reflecting: error))

                All non-cancellation errors must be explicitly handled via the "catch" parameter \
                on "Effect.run", or via a "do" block.
                """)
            }
          }
        }
      })
  }

  /// An effect that runs `work` in a task and sends nothing back, as TCA's `fireAndForget`.
  public static func fireAndForget(
    priority: TaskPriority? = nil, _ work: @escaping @Sendable () async throws -> Void
  ) -> Self {
    .run(priority: priority) { _ in try await work() }
  }

  /// An effect that runs all of `effects` at once.
  public static func merge(_ effects: Self...) -> Self { .merge(effects) }

  /// An effect that runs all of `effects` at once.
  public static func merge<S: Sequence<Self>>(_ effects: S) -> Self {
    effects.reduce(.none) { $0.merge(with: $1) }
  }

  /// An effect that runs `effects` one after another, each starting when the one before ends.
  public static func concatenate(_ effects: Self...) -> Self { .concatenate(effects) }

  /// An effect that runs `effects` one after another, each starting when the one before ends.
  public static func concatenate<C: Collection<Self>>(_ effects: C) -> Self {
    effects.reduce(.none) { $0.concatenate(with: $1) }
  }

  /// Returns an effect that runs this one and `other` at once.
  @inlinable
  public func merge(with other: Self) -> Self {
    switch (self.operation, other.operation) {
    case (.none, _): return other
    case (_, .none): return self
    case (.merge(let lhs), .merge(let rhs)): return Self(operation: .merge(lhs + rhs))
    case (.merge(let lhs), _): return Self(operation: .merge(lhs + [other]))
    case (_, .merge(let rhs)): return Self(operation: .merge([self] + rhs))
    default: return Self(operation: .merge([self, other]))
    }
  }

  /// Returns an effect that runs this one and then, once it has finished or been cancelled,
  /// `next`.
  @inlinable
  public func concatenate(with next: Self) -> Self {
    switch (self.operation, next.operation) {
    case (.none, _): return next
    case (_, .none): return self
    case (.concatenate(let lhs), .concatenate(let rhs)):
      return Self(operation: .concatenate(lhs + rhs))
    case (.concatenate(let lhs), _): return Self(operation: .concatenate(lhs + [next]))
    case (_, .concatenate(let rhs)): return Self(operation: .concatenate([self] + rhs))
    default: return Self(operation: .concatenate([self, next]))
    }
  }

  /// Returns an effect that sends `transform(action)` wherever this one sends `action`.
  public func map<T>(_ transform: @escaping (Action) -> T) -> Effect<T> {
    switch self.operation {
    case .none: return .none
    case .send(let action): return .send(transform(action))
    case .run(let priority, let operation):
      let sendableTransform = UncheckedSendable(transform)
      return Effect<T>(
        operation: .run(priority) { send in
          await operation(Send { action in send.sendNow(sendableTransform.value(action)) })
        })
    case .merge(let effects): return Effect<T>(operation: .merge(effects.map { $0.map(transform) }))
    case .concatenate(let effects):
      return Effect<T>(operation: .concatenate(effects.map { $0.map(transform) }))
    case .cancellable(let token, let cancelInFlight, let effect):
      return Effect<T>(
        operation: .cancellable(token, cancelInFlight: cancelInFlight, effect.map(transform)))
    case .cancel(let token): return Effect<T>(operation: .cancel(token))
    case .cancelNavigation(let path): return Effect<T>(operation: .cancelNavigation(path))
    case .untracked(let effect): return Effect<T>(operation: .untracked(effect.map(transform)))
    case .listen(let path, let action):
      return Effect<T>(operation: .listen(path, transform(action)))
    }
  }

  /// Returns ``map(_:)`` of this effect, building `transform` only when there is something to
  /// map: forming a closure that captures allocates, and most child actions return `.none`.
  @inlinable
  func map<T>(ifAny transform: @autoclosure () -> (Action) -> T) -> Effect<T> {
    if case .none = operation { return .none }
    return map(transform())
  }

  /// Whether any part of this effect runs asynchronously.
  var isAsynchronous: Bool {
    switch operation {
    case .none, .send, .cancel, .cancelNavigation: return false
    case .run, .listen: return true
    case .merge(let effects), .concatenate(let effects):
      return effects.contains(where: \.isAsynchronous)
    case .cancellable(_, _, let effect), .untracked(let effect): return effect.isAsynchronous
    }
  }
}

/// The effect type of a reducer `R`.
public typealias EffectOf<R: Reducer> = Effect<R.Action>

/// A value of a non-`Sendable` type that the caller promises is only used safely.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
