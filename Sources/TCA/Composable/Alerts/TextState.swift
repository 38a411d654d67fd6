// TextState: the words of alerts, dialogs and buttons, without TCA's SwiftUI styling.

/// Text for alerts, dialogs and buttons, as data that can be compared, tested and encoded.
///
/// TCA's `TextState` also carries SwiftUI styling; headless, navd keeps the words.
public struct TextState: Equatable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The words.
  public var string: String

  /// Creates text from a string.
  public init(_ string: String) { self.string = string }

  /// Creates text from a string literal.
  public init(stringLiteral value: String) { self.string = value }

  /// Creates text from any string-convertible value.
  public init<S: StringProtocol>(verbatim content: S) { self.string = String(content) }

  /// The words.
  public var description: String { string }

  /// Decodes the words from a plain string.
  public init(from decoder: any Decoder) throws {
    self.string = try decoder.singleValueContainer().decode(String.self)
  }

  /// Encodes the words as a plain string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(string)
  }
}
