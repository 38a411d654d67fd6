// ActorIsolated: a mutable value behind an actor, read and changed with `await`.

/// A mutable value that tasks read and change one at a time, on an actor of its own.
///
/// ```swift
/// let events = ActorIsolated<[String]>([])
/// await events.withValue { $0.append("tapped") }
/// #expect(await events.value == ["tapped"])
/// ```
public final actor ActorIsolated<Value> {
  /// The value.
  public var value: Value

  /// Isolates `value`.
  public init(_ value: @autoclosure @Sendable () throws -> Value) rethrows {
    self.value = try value()
  }

  /// Runs `operation` on the value, on the actor, so that it reads and changes it as one step;
  /// returns what it returns.
  public func withValue<T: Sendable>(_ operation: @Sendable (inout Value) throws -> T) rethrows
    -> T
  {
    var value = self.value
    defer { self.value = value }
    return try operation(&value)
  }

  /// Replaces the value.
  public func setValue(_ newValue: @autoclosure @Sendable () throws -> Value) rethrows {
    value = try newValue()
  }
}
