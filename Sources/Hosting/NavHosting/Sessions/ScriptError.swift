// The errors the hosting and Lua layers report to their hosts: what failed in a script, a send
// or a screen.

import NavValue

/// An error from a script, a session or a screen, with the message a person reads.
///
/// It is the one error type that crosses from the hosting and Lua layers to their hosts (the
/// daemon, `navctl`, NavKit), so that they need no Lua type to tell a runaway script from a
/// failed one.
public struct ScriptError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What kind of failure it is.
  public enum Kind: Sendable, Equatable {
    /// A script raised an error, or an action, a state or a screen use was refused.
    case failed
    /// A script ran more instructions than its budget allowed and was stopped.
    case budgetExceeded
    /// An `await` timed out before its predicate held.
    case timedOut
    /// A script or predicate does not compile.
    case notCompiled
    /// Another client locked the session (``SendLock``): the change was refused.
    case locked
  }

  /// What kind of failure it is.
  public var kind: Kind
  /// What failed: the problem in one line, then the Lua traceback when there is one.
  public var message: String

  /// Creates an error of `kind` with `message`.
  public init(_ kind: Kind = .failed, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The error of a refused action or a failed script, its kind told from the message.
  init(_ error: NavError) {
    let kind: Kind
    if error.message.contains("instruction budget exceeded") {
      kind = .budgetExceeded
    } else if error.summary.contains("await: the predicate did not hold") {
      kind = .timedOut
    } else if error.summary.contains(SendLock.refusalPrefix + " by client") {
      kind = .locked
    } else {
      kind = .failed
    }
    self.init(kind, error.message)
  }

  /// The message.
  public var description: String { message }

  /// The message without its stack traceback.
  public var summary: String { NavError(message).summary }
}

/// Runs `body`, turning a ``NavError`` into a ``ScriptError``: the edge of the hosting layer's
/// public API.
package func scriptBoundary<T>(_ body: () throws(NavError) -> T) throws(ScriptError) -> T {
  do throws(NavError) {
    return try body()
  } catch {
    throw ScriptError(error)
  }
}
