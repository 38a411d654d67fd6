// "Did you mean": the case nearest an unknown one, and the cases there are, for decoding errors.

import Composable
import NavValue

/// What a decoding error about an unknown enum case adds to its message: the nearest case name
/// by edit distance, and the type's cases, as `tap` lists what is tappable.
enum CaseSuggestion {
  /// The most cases listed; a longer enum says how many more there are.
  static let listLimit = 16

  /// `; did you mean "incrementButtonTapped"? The cases are …`, or `nil` when
  /// `error` is not about one unknown case of an enum whose cases can be read.
  static func text(for error: any Error) -> String? {
    guard case DecodingError.typeMismatch(let type, let context) = error,
      let unknown = context.underlyingError as? UnknownCaseError, unknown.found.count == 1,
      let names = enumCaseNames(of: type), !names.isEmpty
    else { return nil }
    let given = unknown.found[0]
    let listed = names.prefix(listLimit).joined(separator: ", ")
    let more = names.count > listLimit ? " and \(names.count - listLimit) more" : ""
    if let nearest = names.min(by: { distance(given, $0) < distance(given, $1) }),
      distance(given, nearest) <= max(2, nearest.count / 3)
    {
      return "; did you mean \"\(nearest)\"? The cases are \(listed)\(more)"
    }
    return "; the cases are \(listed)\(more)"
  }

  /// The edit distance between `a` and `b`: insertions, deletions and substitutions, ignoring
  /// case (Levenshtein's, over Unicode scalars).
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased().unicodeScalars)
    let b = Array(b.lowercased().unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
