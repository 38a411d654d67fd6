// The one wrapper every system call of the server goes through.

import CNavSys
import Glibc

/// A failed system call, named, with its `errno`.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The call that failed, as in `bind(/run/navd/control.sock)`.
  public var call: String
  /// The `errno` it left.
  public var code: Int32

  /// Creates the error of `call` with `code`.
  public init(call: String, code: Int32) {
    self.call = call
    self.code = code
  }

  /// `bind(/run/navd/control.sock) failed: Address already in use (errno 98)`.
  public var description: String {
    "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
  }

  /// Whether the call would have blocked on a non-blocking descriptor.
  public var wouldBlock: Bool { code == EAGAIN || code == EWOULDBLOCK }
}

/// Runs a system call, retrying it while it is interrupted by a signal (`EINTR`), and throws a
/// ``SystemError`` naming `call` when it fails.
///
/// `body` returns the call's result; a negative result means failure with `errno` set.
@discardableResult
package func system<Result: BinaryInteger>(_ call: @autoclosure () -> String, _ body: () -> Result)
  throws(SystemError) -> Result
{
  while true {
    let result = body()
    if result >= 0 { return result }
    let code = navsys_errno()
    if code == EINTR { continue }
    throw SystemError(call: call(), code: code)
  }
}
