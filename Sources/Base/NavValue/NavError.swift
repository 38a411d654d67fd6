// The error navd's layers report to a person: a refused value, action, screen use or script.

/// An error with the message a person reads, the one failure every layer above the value model
/// throws.
///
/// The hosting layer throws it when an action, a state or a screen use is refused; the Lua layer
/// throws it (as `LuaError`) when a script fails, with Lua's `file:line:` prefix and, after a
/// protected call, a stack traceback. Being one type, a failure crosses from a launched store
/// into a script, and from a script onto the wire, without being converted.
public struct NavError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What failed: the problem in one line, then the traceback when there is one.
  public var message: String

  /// Creates an error with `message`.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }

  /// The message without its stack traceback.
  public var summary: String {
    let marker = "\nstack traceback:".utf8
    let bytes = message.utf8
    var start = bytes.startIndex
    while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
      if bytes[newline...].starts(with: marker) { return String(message[..<newline]) }
      start = bytes.index(after: newline)
    }
    return message
  }
}
