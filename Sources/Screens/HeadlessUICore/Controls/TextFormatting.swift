// Texts made of values — dates, localized keys, other texts — and the modifiers that return a
// `Text`, as SwiftUI's, so texts can be joined with `+`.

import Foundation

/// A key of a localized string, as SwiftUI's `LocalizedStringKey`: headless, the key is the
/// text (apps on Linux have no string catalogs to look it up in).
public struct LocalizedStringKey: Hashable, Sendable, ExpressibleByStringInterpolation {
  /// The key: the text as written.
  public let key: String

  /// The key `value`.
  public init(_ value: String) { key = value }

  /// The key a literal spells.
  public init(stringLiteral value: String) { key = value }

  /// The key an interpolated literal spells.
  public init(stringInterpolation: DefaultStringInterpolation) {
    key = String(stringInterpolation: stringInterpolation)
  }
}

extension Text {
  /// Shows the localized string of `key`: headless, the key itself.
  public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil) {
    self.init(key.key)
  }

  /// How a date is shown in a `Text(date, style:)`.
  public struct DateStyle: Hashable, Sendable {
    let name: String
    /// The time: `9:41 AM`.
    public static let time = DateStyle(name: "time")
    /// The date: `June 3, 2024`.
    public static let date = DateStyle(name: "date")
    /// Time from now: `2 hours, 3 minutes`.
    public static let relative = DateStyle(name: "relative")
    /// A ticking offset: `+2:03:00`.
    public static let offset = DateStyle(name: "offset")
    /// A ticking timer: `2:03:00`.
    public static let timer = DateStyle(name: "timer")
  }

  /// Shows `date` in `style`, formatted as the process's locale formats it (the date and time
  /// styles as `DateFormatter`'s long date and short time).
  public init(_ date: Date, style: DateStyle) {
    switch style.name {
    case "time": self.init(date.formatted(date: .omitted, time: .shortened))
    case "date": self.init(date.formatted(date: .long, time: .omitted))
    default:
      let seconds = Int(date.timeIntervalSinceNow.magnitude)
      let text = String(format: "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
      self.init(style.name == "offset" ? (date < Date() ? "-" : "+") + text : text)
    }
  }

  /// Shows the span from one date to another.
  public init(_ dates: ClosedRange<Date>) {
    self.init(
      dates.lowerBound.formatted(date: .abbreviated, time: .shortened) + " – "
        + dates.upperBound.formatted(date: .abbreviated, time: .shortened))
  }

  /// Shows `value` formatted by `format`: `Text(duration, format: .units())`.
  public init<F: FormatStyle>(_ value: F.FormatInput, format: F) where F.FormatOutput == String {
    self.init(format.format(value))
  }

  /// Shows `subject` formatted by `formatter`.
  public init<Subject: AnyObject>(_ subject: Subject, formatter: Formatter) {
    self.init(formatter.string(for: subject) ?? "")
  }

  /// The two texts as one.
  public static func + (lhs: Text, rhs: Text) -> Text { Text(lhs.string + rhs.string) }

  /// How text is cut when it does not fit.
  public enum TruncationMode: Hashable, Sendable {
    /// At the start.
    case head
    /// In the middle.
    case middle
    /// At the end.
    case tail
  }

  /// How letters are cased.
  public enum Case: Hashable, Sendable {
    /// Upper case.
    case uppercase
    /// Lower case.
    case lowercase
  }

  /// The text in `font`; headless, the same text.
  public func font(_ font: Font?) -> Text { self }
  /// The text in bold; headless, the same text.
  public func bold() -> Text { self }
  /// The text in bold when `isActive`; headless, the same text.
  public func bold(_ isActive: Bool) -> Text { self }
  /// The text in italics; headless, the same text.
  public func italic() -> Text { self }
  /// The text in italics when `isActive`; headless, the same text.
  public func italic(_ isActive: Bool) -> Text { self }
  /// The text in `weight`; headless, the same text.
  public func fontWeight(_ weight: Font.Weight?) -> Text { self }
  /// The text in `color`; headless, the same text.
  public func foregroundColor(_ color: Color?) -> Text { self }
  /// The text underlined; headless, the same text.
  public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text { self }
  /// The text struck through; headless, the same text.
  public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text { self }
  /// The text with digits of one width; headless, the same text.
  public func monospacedDigit() -> Text { self }
  /// The text in a monospaced font; headless, the same text.
  public func monospaced(_ isActive: Bool = true) -> Text { self }
  /// The text with `kerning`; headless, the same text.
  public func kerning(_ kerning: Double) -> Text { self }
  /// The text raised by `offset`; headless, the same text.
  public func baselineOffset(_ offset: Double) -> Text { self }
}
