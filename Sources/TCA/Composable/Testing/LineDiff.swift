// LineDiff: a line-by-line diff of two texts, printed as TCA prints state mismatches.

/// A line-by-line diff of two texts, printed as TCA prints state mismatches: unchanged lines
/// indented, removed lines marked `−`, added lines marked `+`.
public enum LineDiff {
  /// Returns the diff of `expected` against `actual`, or `nil` when they are equal.
  public static func render(expected: String, actual: String, context: Int = 3) -> String? {
    guard expected != actual else { return nil }
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let edits = diff(old, new)
    // Keep changed lines and `context` lines around them.
    var keep = [Bool](repeating: false, count: edits.count)
    for (index, edit) in edits.enumerated() where edit.mark != " " {
      for near in max(0, index - context)...min(edits.count - 1, index + context) {
        keep[near] = true
      }
    }
    var lines: [String] = []
    var skipped = false
    for (index, edit) in edits.enumerated() {
      if keep[index] {
        lines.append("\(edit.mark) \(edit.line)")
        skipped = false
      } else if !skipped {
        lines.append("  …")
        skipped = true
      }
    }
    return lines.joined(separator: "\n")
  }

  private struct Edit {
    let mark: Character
    let line: String
  }

  /// The longest-common-subsequence diff of two line arrays.
  private static func diff(_ old: [String], _ new: [String]) -> [Edit] {
    let n = old.count
    let m = new.count
    var lengths = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        lengths[i][j] =
          old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var edits: [Edit] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, old[i] == new[j] {
        edits.append(Edit(mark: " ", line: old[i]))
        i += 1
        j += 1
      } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
        edits.append(Edit(mark: "−", line: old[i]))
        i += 1
      } else {
        edits.append(Edit(mark: "+", line: new[j]))
        j += 1
      }
    }
    return edits
  }
}
