// Shrinker: delta debugging over a finding's steps, down to a sequence from which no single
// step can be removed.

/// Shrinks a failing sequence of steps, as Zeller's `ddmin` does: chunks of it are dropped while
/// what remains still fails, with finer chunks until single steps.
///
/// The result is 1-minimal: removing any one of its steps makes the failure go.
public enum Shrinker {
  /// The shortest subsequence of `steps` found that `fails`, trying at most `limit` candidates.
  public static func shrink<Step>(
    _ steps: [Step], limit: Int = 400, fails: ([Step]) throws -> Bool
  ) rethrows -> [Step] {
    var current = steps
    var tests = 0
    func test(_ candidate: [Step]) throws -> Bool {
      tests += 1
      return try fails(candidate)
    }
    if !current.isEmpty, try test([]) { return [] }
    var granularity = 2
    while current.count >= 2, tests < limit {
      let chunks = split(current, into: granularity)
      var reduced = false
      for chunk in chunks where tests < limit {
        if chunk.count < current.count, try test(chunk) {
          current = chunk
          granularity = 2
          reduced = true
          break
        }
      }
      if !reduced {
        for index in chunks.indices where tests < limit {
          let complement = chunks.enumerated().filter { $0.offset != index }.flatMap(\.element)
          if try test(complement) {
            current = complement
            granularity = max(granularity - 1, 2)
            reduced = true
            break
          }
        }
      }
      if !reduced {
        guard granularity < current.count else { break }
        granularity = min(granularity * 2, current.count)
      }
    }
    return current
  }

  /// `steps` in `count` chunks of nearly equal length, in order.
  private static func split<Step>(_ steps: [Step], into count: Int) -> [[Step]] {
    var chunks: [[Step]] = []
    var start = 0
    for index in 0..<count {
      let end = steps.count * (index + 1) / count
      if end > start { chunks.append(Array(steps[start..<end])) }
      start = end
    }
    return chunks
  }
}
