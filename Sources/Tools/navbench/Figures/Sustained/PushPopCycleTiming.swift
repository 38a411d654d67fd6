// Timing push/pop cycles in chunks, and the figure of the last window against the first.

import NavTransport

extension SustainedBenchmark {
  /// Runs `cycle` `total` times in chunks of a tenth of `window`; returns the nanoseconds of the
  /// first window's ten chunks and of the last window's, calling `afterFirst` between.
  static func cycleTimes(
    total: Int, window: Int, _ cycle: () -> Void, afterFirst: () -> Void
  ) -> (first: [UInt64], last: [UInt64]) {
    let chunk = max(window / 10, 1)
    let chunks = max(total / chunk, 20)
    var first: [UInt64] = []
    var last: [UInt64] = []
    for index in 0..<chunks {
      let start = monotonicNanoseconds()
      for _ in 0..<chunk { cycle() }
      let elapsed = monotonicNanoseconds() - start
      if index < 10 { first.append(elapsed) }
      if index == 9 { afterFirst() }
      if index >= chunks - 10 { last.append(elapsed) }
    }
    return (first, last)
  }

  /// The figure of the last window against the first: the medians of their tenths (of
  /// `cyclesPerChunk` cycles each), per cycle; the paired range pairs the tenths in order.
  static func figure(
    _ name: String, _ times: (first: [UInt64], last: [UInt64]), cyclesPerChunk: Int
  ) -> Figure {
    func median(_ values: [UInt64]) -> Double {
      Double(values.sorted()[values.count / 2]) / Double(cyclesPerChunk)
    }
    let ratios = zip(times.last, times.first).map { Double($0) / Double(max($1, 1)) }
    return Figure(
      name: name, floorName: "first 10k cycles", measured: median(times.last),
      floor: median(times.first), goal: goal,
      pairedRange: (ratios.min() ?? 0)...(ratios.max() ?? 0))
  }
}
