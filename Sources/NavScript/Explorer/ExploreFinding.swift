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

  /// Creates a finding.
  public init(kind: Kind, message: String, steps: [String], match: String, repro: String? = nil) {
    self.kind = kind
    self.message = message
    self.steps = steps
    self.match = match
    self.repro = repro
  }

  /// What makes two findings the same: their kind and what they match, with numbers and UUIDs
  /// masked (stack ids, counts and fresh identifiers differ from one path to another).
  var signature: String { kind.rawValue + ": " + Self.masked(match) }

  /// `text` with every UUID replaced by `UUID` and every run of digits by `N`.
  public static func masked(_ text: String) -> String {
    var text = text
    if text.utf8.count >= 36 {
      text = text.replacing(
        /[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/,
        with: "UUID")
    }
    var result = ""
    var inDigits = false
    for character in text {
      if character.isASCII, character.isNumber {
        if !inDigits { result.append("N") }
        inDigits = true
      } else {
        result.append(character)
        inDigits = false
      }
    }
    return result
  }
}
