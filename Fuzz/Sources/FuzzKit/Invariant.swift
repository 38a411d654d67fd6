// Failing loudly: a broken invariant is a crash libFuzzer records, with a message that says which.

/// Stops the process with `message` when `condition` is false.
///
/// `fatalError` and not `precondition`: an optimized build keeps `precondition`'s check but drops
/// its message, and the message is what tells a crash found by the fuzzer from another.
@inline(__always)
public func require(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #file, line: UInt = #line
) {
  if !condition() { fatalError("fuzz invariant broken: \(message())", file: file, line: line) }
}
