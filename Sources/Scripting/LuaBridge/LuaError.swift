// The errors the Lua layer reports.

import Foundation

/// An error raised by Lua code or by the bridge, with the message a person reads.
///
/// Errors from Lua code carry Lua's `file:line:` prefix and, when they went through a protected
/// call, a stack traceback.
public struct LuaError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What failed: the problem in one line, then the traceback when there is one.
  public var message: String

  /// Creates an error with `message`.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }

  /// The message without its stack traceback.
  public var summary: String {
    if let range = message.range(of: "\nstack traceback:") {
      return String(message[..<range.lowerBound])
    }
    return message
  }
}
