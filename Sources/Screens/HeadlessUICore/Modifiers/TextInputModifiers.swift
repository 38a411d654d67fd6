// How a field takes text — autocorrection, capitalization, keyboard, content type, submit — and
// the keyboard's focus: a headless field takes what a script types as it is.

extension View {
  /// Turns autocorrection off; headless, typed text is never corrected.
  nonisolated public func disableAutocorrection(_ disable: Bool?) -> ViewContent { _render() }
  /// Turns autocorrection off; headless, typed text is never corrected.
  nonisolated public func autocorrectionDisabled(_ disable: Bool = true) -> ViewContent {
    _render()
  }
  /// Sets how typed text is capitalized (UIKit's style); headless, it is kept as typed.
  nonisolated public func autocapitalization(_ style: UITextAutocapitalizationType) -> ViewContent {
    _render()
  }
  /// Sets how typed text is capitalized; headless, it is kept as typed.
  nonisolated public func textInputAutocapitalization(_ style: TextInputAutocapitalization?)
    -> ViewContent
  { _render() }
  /// Sets the keyboard (UIKit's type); headless, there is none.
  nonisolated public func keyboardType(_ type: UIKeyboardType) -> ViewContent { _render() }
  /// Tells the system what the field holds (UIKit's type); headless, nothing fills it in.
  nonisolated public func textContentType(_ type: UITextContentType?) -> ViewContent { _render() }
  /// Sets the return key's label; headless, there is no keyboard.
  nonisolated public func submitLabel(_ label: SubmitLabel) -> ViewContent { _render() }
  /// Runs `action` when the field's text is submitted (the return key); headless, never.
  nonisolated public func onSubmit(
    of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void
  )
    -> ViewContent
  { _render() }
}

/// How UIKit capitalizes typed text, the type SwiftUI's `.autocapitalization` takes.
public enum UITextAutocapitalizationType: Int, Sendable {
  /// Never.
  case none
  /// Each word.
  case words
  /// Each sentence.
  case sentences
  /// Every character.
  case allCharacters
}

/// How typed text is capitalized, as SwiftUI's `TextInputAutocapitalization`.
public struct TextInputAutocapitalization: Sendable, Hashable {
  let name: String
  /// Never.
  public static let never = TextInputAutocapitalization(name: "never")
  /// Each word.
  public static let words = TextInputAutocapitalization(name: "words")
  /// Each sentence.
  public static let sentences = TextInputAutocapitalization(name: "sentences")
  /// Every character.
  public static let characters = TextInputAutocapitalization(name: "characters")
}

/// UIKit's keyboards, the type SwiftUI's `.keyboardType` takes.
public enum UIKeyboardType: Int, Sendable {
  /// The default.
  case `default`
  /// Letters and punctuation.
  case asciiCapable
  /// Numbers and punctuation.
  case numbersAndPunctuation
  /// For URLs.
  case URL
  /// Digits.
  case numberPad
  /// A phone's.
  case phonePad
  /// For names and phone numbers.
  case namePhonePad
  /// For email addresses.
  case emailAddress
  /// Digits and a decimal point.
  case decimalPad
  /// For Twitter.
  case twitter
  /// For web searches.
  case webSearch
}

/// What a field holds, as UIKit's `UITextContentType` (which SwiftUI's `.textContentType`
/// takes).
public struct UITextContentType: Hashable, Sendable, RawRepresentable {
  /// The type's name.
  public let rawValue: String
  /// The type named `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// A name.
  public static let name = UITextContentType(rawValue: "name")
  /// An email address.
  public static let emailAddress = UITextContentType(rawValue: "emailAddress")
  /// A user name.
  public static let username = UITextContentType(rawValue: "username")
  /// A password.
  public static let password = UITextContentType(rawValue: "password")
  /// A new password.
  public static let newPassword = UITextContentType(rawValue: "newPassword")
  /// A one-time code.
  public static let oneTimeCode = UITextContentType(rawValue: "oneTimeCode")
  /// A telephone number.
  public static let telephoneNumber = UITextContentType(rawValue: "telephoneNumber")
  /// A URL.
  public static let URL = UITextContentType(rawValue: "URL")
}

/// The return key's label, as SwiftUI's `SubmitLabel`.
public struct SubmitLabel: Hashable, Sendable {
  let name: String
  /// Done.
  public static let done = SubmitLabel(name: "done")
  /// Go.
  public static let go = SubmitLabel(name: "go")
  /// Next.
  public static let next = SubmitLabel(name: "next")
  /// Return.
  public static let `return` = SubmitLabel(name: "return")
  /// Search.
  public static let search = SubmitLabel(name: "search")
  /// Send.
  public static let send = SubmitLabel(name: "send")
}

/// What submits a field, as SwiftUI's `SubmitTriggers`.
public struct SubmitTriggers: OptionSet, Hashable, Sendable {
  /// The triggers, as bits.
  public let rawValue: Int
  /// The set with `rawValue`'s bits.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// A text field's return.
  public static let text = SubmitTriggers(rawValue: 1)
  /// A search field's return.
  public static let search = SubmitTriggers(rawValue: 2)
}
