// SessionName: which names a session may have, checked wherever a name comes in.

/// The rule for session names, checked by `session.open`, `--session NAME=FEATURE`, the
/// configuration file's `session` lines, and a restore from the state directory.
///
/// A name is 1 to ``maximumBytes`` bytes of UTF-8 with no control characters (U+0000–U+001F,
/// U+007F–U+009F), no line or paragraph separators (U+2028, U+2029), and no bidirectional
/// overrides or isolates (U+202A–U+202E, U+2066–U+2069). Anything else goes —
/// spaces, slashes, `.` and `..`, any script — because the state file's name is derived from
/// the name in a form every file system takes (``StateFile/fileName(of:)``), not the name
/// itself. Names compare as Swift strings do: case matters, and two spellings of one text in
/// Unicode (`é` as one code point, or `e` and a combining accent) are one name.
///
/// These are refused rather than stored because a name is shown: in logs, in `navctl
/// sessions`, in a terminal. A newline in one would start a forged line; an escape sequence
/// would rewrite the screen of whoever lists the sessions; a bidirectional override would show
/// one name as another.
public enum SessionName {
  /// The longest name, in bytes of UTF-8.
  public static let maximumBytes = 255

  /// The rule, as an error message ends it.
  public static let rule =
    "a session name is 1 to \(maximumBytes) bytes of UTF-8 with no control characters, line "
    + "separators or bidirectional controls"

  /// Checks `name` against the rule; throws a sentence naming what broke it, and the rule.
  public static func check(_ name: String) throws(SessionNameError) {
    let bytes = name.utf8.count
    if bytes == 0 {
      throw SessionNameError("the session name is empty; \(rule)")
    }
    if bytes > maximumBytes {
      throw SessionNameError("the session name is \(bytes) bytes long; \(rule)")
    }
    if let bad = name.unicodeScalars.first(where: Logger.needsEscape) {
      let code = String(bad.value, radix: 16, uppercase: true)
      let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
      throw SessionNameError("the session name contains U+\(padded); \(rule)")
    }
  }
}

/// Why a session name was refused, in a sentence that states the rule.
public struct SessionNameError: Error, CustomStringConvertible, Sendable {
  /// The sentence.
  public let description: String

  init(_ description: String) { self.description = description }
}
