// compare(_:measured:floor:goal:settings:) and its steps: calibration, warm-up, timed batches.

import NavTransport

// The timing harness: every figure is a measured operation beside its floor, timed in interleaved
// batches so that noise from the shared cores lands on both.

/// Runs `operation` `n` times and returns the elapsed nanoseconds.
@inline(never)
func timeBatch(_ operation: BenchOperation, iterations n: Int) -> UInt64 {
  let start = monotonicNanoseconds()
  let checksum = operation.run(n)
  let end = monotonicNanoseconds()
  benchmarkSink &+= checksum
  return end &- start
}

/// Returns how many repetitions of `operation` fill `nanoseconds`, running it untimed meanwhile.
func calibrate(_ operation: BenchOperation, toFill nanoseconds: UInt64) -> Int {
  // The first run pays what is done once (type metadata, caches built lazily): calibrated on
  // it, an operation looks far slower than it is, and too few repetitions are timed to spread
  // their fixed cost (an explore figure timed walks of three steps, most of each its launch).
  _ = timeBatch(operation, iterations: 1)
  var n = 1
  while true {
    let elapsed = timeBatch(operation, iterations: n)
    if elapsed >= nanoseconds / 4 || n >= 1 << 40 {
      let perOperation = max(Double(elapsed) / Double(n), 0.01)
      return max(1, Int(Double(nanoseconds) / perOperation))
    }
    n = elapsed < 1000 ? n * 16 : n * 2
  }
}

/// Runs `operation` untimed for about `nanoseconds`.
func warmUp(_ operation: BenchOperation, for nanoseconds: UInt64, iterations n: Int) {
  let start = monotonicNanoseconds()
  while monotonicNanoseconds() &- start < nanoseconds {
    _ = timeBatch(operation, iterations: n)
  }
}

/// Returns the median of `values`, which must not be empty.
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Times `measured` and `floor` in interleaved batches and returns the figure for their medians.
///
/// Each side is warmed up and given its own batch size (so both batches last about as long), then
/// the sides alternate which goes first in each round, so a burst of noise from another process
/// falls on both.
func compare(
  _ name: String,
  measured: BenchOperation,
  floor: BenchOperation,
  goal: Double?,
  settings: MeasureSettings
) -> Figure {
  let measuredIterations = calibrate(measured, toFill: settings.batchNanoseconds)
  let floorIterations = calibrate(floor, toFill: settings.batchNanoseconds)
  warmUp(measured, for: settings.warmUpNanoseconds / 2, iterations: measuredIterations / 4 + 1)
  warmUp(floor, for: settings.warmUpNanoseconds / 2, iterations: floorIterations / 4 + 1)

  var measuredTimes: [Double] = []
  var floorTimes: [Double] = []
  for round in 0..<settings.batches {
    func timeMeasured() {
      let elapsed = timeBatch(measured, iterations: measuredIterations)
      measuredTimes.append(Double(elapsed) / Double(measuredIterations))
    }
    func timeFloor() {
      let elapsed = timeBatch(floor, iterations: floorIterations)
      floorTimes.append(Double(elapsed) / Double(floorIterations))
    }
    if round % 2 == 0 {
      timeMeasured()
      timeFloor()
    } else {
      timeFloor()
      timeMeasured()
    }
  }

  let pairedRatios = zip(measuredTimes, floorTimes).map { $0 / max($1, 1e-9) }
  return Figure(
    name: name,
    floorName: floor.label,
    measured: median(measuredTimes),
    floor: median(floorTimes),
    goal: goal,
    pairedRange: pairedRatios.min()!...pairedRatios.max()!
  )
}
