// ExploreFinding: something the explorer found wrong, with the steps that show it.

/// A problem the explorer found: its kind, what it is, and the shortest steps from the launch
/// that show it.
public struct ExploreFinding: Sendable, Codable, Equatable {
  /// What kind of problem a finding is.
  public enum Kind: String, Sendable, Codable, CaseIterable {
    /// A reducer or an effect trapped: the process died.
    case crash
    /// The store reported a runtime warning (an action for a child that is gone, a `dismiss`
    /// with nothing presented, a failed test dependency).
    case runtimeWarning = "runtime-warning"
    /// A screen with no system back and no control that changes the frontmost screen.
    case deadEnd = "dead-end"
    /// Effects still running back at the launch screen, nothing presented, that were not
    /// running at launch.
    case leakedEffect = "leaked-effect"
    /// A predicate of the invariants file became false.
    case invariant
  }

  /// The kind of problem.
  public var kind: Kind
  /// What went wrong, in a sentence.
  public var message: String
  /// The steps from the launch that show it, shrunk: removing any one of them loses it.
  public var steps: [String]
  /// The repro spec written for it, once written.
  public var repro: String?
  /// What the repro's check matches: the warning, the invariant's name, the leaked effects,
  /// the dead end's screen, the crash's message.
  public var match: String
  /// For a crash: how many distinct screens (state and shape) the walk reached its use from,
  /// the ones it trapped on and the ones it stepped around because the same crash was known.
  public var states: Int?

  /// Creates a finding.
  public init(
    kind: Kind, message: String, steps: [String], match: String, repro: String? = nil,
    states: Int? = nil
  ) {
    self.kind = kind
    self.message = message
    self.steps = steps
    self.match = match
    self.repro = repro
    self.states = states
  }

  /// What makes two findings the same: their kind and what they match, with numbers and UUIDs
  /// masked (stack ids, counts and fresh identifiers differ from one path to another).
  var signature: String { kind.rawValue + ": " + Self.masked(match) }

  /// `text` with every UUID replaced by `UUID` and every run of digits by `N`.
  public static func masked(_ text: String) -> String {
    // Most labels hold neither a digit nor a UUID: a pass over the bytes says so, and they are
    // returned as they are. (A character that is an ASCII digit, or a UUID of such characters,
    // is made of those bytes; a digit's byte followed by a combining mark is one character that
    // is not masked, and goes the long way below to stay so.)
    let hasUUID = ExploreRun.containsUUIDBytes(text)
    guard hasUUID || text.utf8.contains(where: { (0x30...0x39).contains($0) }) else { return text }
    var text = text
    if hasUUID {
      text = text.replacing(
        /[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/,
        with: "UUID")
    }
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII text: every character is one byte (but a CR LF pair, which holds no digit).
      var bytes: [UInt8] = []
      bytes.reserveCapacity(text.utf8.count)
      appendDigitsMasked(asciiBytes: text.utf8, to: &bytes)
      return String(decoding: bytes, as: UTF8.self)
    }
    var result = ""
    var inDigits = false
    for character in text {
      // An ASCII character that is a number is one of 0 to 9.
      if let ascii = character.asciiValue, (0x30...0x39).contains(ascii) {
        if !inDigits { result.append("N") }
        inDigits = true
      } else {
        result.append(character)
        inDigits = false
      }
    }
    return result
  }

  /// `text` with every number masked as ``masked(_:)`` does, and the sign before it too: `-3`,
  /// `−3` and `+3` are all `N`, so a count that went below zero reads as one that did not.
  public static func maskedSigned(_ text: String) -> String {
    guard text.contains(where: { $0 == "-" || $0 == "+" || $0 == "\u{2212}" }) else {
      return masked(text)
    }
    return masked(text.replacing(/[-+\u{2212}](?=[0-9])/, with: ""))
  }

  /// Appends the bytes of ASCII text with every run of digits replaced by `N`.
  static func appendDigitsMasked(asciiBytes: some Sequence<UInt8>, to bytes: inout [UInt8]) {
    var inDigits = false
    for byte in asciiBytes {
      if (0x30...0x39).contains(byte) {
        if !inDigits { bytes.append(UInt8(ascii: "N")) }
        inDigits = true
      } else {
        bytes.append(byte)
        inDigits = false
      }
    }
  }
}
