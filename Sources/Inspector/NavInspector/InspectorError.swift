// InspectorError: why the inspector cannot start or answer, in words.

/// Why the inspector cannot start or serve: the message says what to do.
public struct InspectorError: Error, CustomStringConvertible, Sendable {
  /// What went wrong.
  public var message: String

  /// An error saying `message`.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}
