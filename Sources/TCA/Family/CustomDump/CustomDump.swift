// customDump and diff: a value as TCA's failures print it, and the lines two values differ in.

/// `value` printed as TCA's test failures print state: its type, then each field on its own
/// line, nested values indented.
public func customDump(_ value: Any) -> String {
  StateDump.render(value)
}

/// Appends ``customDump(_:)`` of `value` to `target`; returns `value`, so it can wrap an
/// expression.
@discardableResult
public func customDump<T, Target: TextOutputStream>(_ value: T, to target: inout Target) -> T {
  target.write(StateDump.render(value))
  return value
}

/// The lines in which the dumps of `lhs` and `rhs` differ, `−` for `lhs`'s and `+` for
/// `rhs`'s, with some unchanged lines around them; `nil` when the dumps are the same.
public func diff<T>(_ lhs: T, _ rhs: T) -> String? {
  LineDiff.render(expected: StateDump.render(lhs), actual: StateDump.render(rhs))
}
