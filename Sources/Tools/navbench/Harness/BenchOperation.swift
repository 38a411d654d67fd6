// The work a figure times, repeated n times, and the sink every checksum of it ends up in.

/// A piece of work the harness can repeat: `run(n)` does it `n` times and returns a checksum.
///
/// The checksum must depend on every repetition's result, so the optimizer cannot drop the work;
/// the harness folds it into ``benchmarkSink``.
struct BenchOperation {
  /// What the operation does, for the table.
  var label: String
  /// Runs the operation `n` times and returns a checksum of the results.
  var run: (_ n: Int) -> Int
}

/// Where every checksum ends up; printed at the end of the run so no result is dead.
nonisolated(unsafe) var benchmarkSink = 0
