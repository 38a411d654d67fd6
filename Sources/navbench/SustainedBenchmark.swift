import Foundation
import Glibc
import NavScript
import ScriptedCaseStudies

// Sustained use: 100,000 push/pop cycles (`goToABCButtonTapped`, then `popToRoot`) on a
// `navigation` store, in process through a script session on the virtual clock (as
// `navctl test` runs one) and in the daemon over its socket. The floor is the same run's first
// 10,000 cycles: a store whose bookkeeping grows with history takes longer for its last ones.

/// The sustained push/pop figures: the last 10,000 cycles of 100,000 against the first 10,000.
enum SustainedBenchmark {
  /// The largest acceptable ratio of the last cycles' time to the first's.
  static let goal = 1.2
  /// The figures' names.
  static let inProcessFigureName = "push/pop cycle, last 10k of 100k, in process"
  static let daemonFigureName = "push/pop cycle, last 10k of 100k, navd over its socket"
  /// What the sustained runs noticed beside their figures (RSS), printed under the table.
  nonisolated(unsafe) static var report: [String] = []

  /// Times the figures whose names `including` accepts and returns them.
  static func figures(settings: MeasureSettings, including: (String) -> Bool) -> [Figure] {
    let isQuick = settings.batchNanoseconds < 10_000_000
    // --quick: a smoke run of the same code, 10,000 cycles, first and last 1,000.
    let (total, window) = isQuick ? (10_000, 1_000) : (100_000, 10_000)
    var figures: [Figure] = []
    if including(inProcessFigureName) {
      figures.append(inProcess(total: total, window: window))
    }
    if including(daemonFigureName) {
      figures.append(daemon(total: total, window: window))
    }
    return figures
  }

  /// Cycles a script session of the `navigation` case study, as `navctl test` runs one.
  private static func inProcess(total: Int, window: Int) -> Figure {
    guard let feature = ScriptFeature.caseStudies.first(where: { $0.name == "navigation" }) else {
      fatalError("navbench: no navigation case study")
    }
    let session: ScriptSession
    do {
      session = try ScriptSession(feature: feature, options: LaunchOptions(clock: .virtual))
    } catch {
      fatalError("navbench: cannot launch navigation: \(error)")
    }
    defer { session.close() }
    var expectedVersion = session.version
    let rssBefore = SocketBenchmark.residentBytes(of: nil)
    var rssAfterFirst = 0
    let times = cycleTimes(total: total, window: window) {
      do {
        try session.send(path: "goToABCButtonTapped")
        try session.send(path: "popToRoot")
      } catch {
        fatalError("navbench: a push/pop failed: \(error)")
      }
      expectedVersion += 2
    } afterFirst: {
      rssAfterFirst = SocketBenchmark.residentBytes(of: nil)
    }
    precondition(session.version == expectedVersion, "every push and pop changed the state")
    report.append(
      "In-process push/pop: RSS \(mebibytes(rssBefore)) before, \(mebibytes(rssAfterFirst)) after "
        + "the first \(window.formatted()) cycles, \(mebibytes(SocketBenchmark.residentBytes(of: nil))) "
        + "after \(total.formatted()) (this process holds the other figures' memory too).")
    return figure(inProcessFigureName, times, cyclesPerChunk: max(window / 10, 1))
  }

  /// Cycles a `navigation` session of a navd in its own process, 16 pipelined lines at a time.
  private static func daemon(total: Int, window: Int) -> Figure {
    signal(SIGPIPE, SIG_IGN)
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let navd = NavdUnderTest(socketPath: directory + "/navd.sock")
    defer { navd.stop() }
    let client = LineSocket(path: navd.socketPath)
    client.write(
      Array(
        (#"{"jsonrpc":"2.0","id":0,"method":"session.open","params":{"name":"nav","#
          + #""feature":"navigation"}}"# + "\n").utf8))
    client.readLines(1) { line in
      guard SocketBenchmark.integer(after: SocketBenchmark.versionKey, in: line) != nil else {
        fatalError("navbench: session.open failed: \(String(decoding: line, as: UTF8.self))")
      }
    }
    // Eight cycles per write: 16 lines, each answered with its version.
    let lines = (0..<8).flatMap { _ in
      [
        #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"session":"nav","#
          + #""action":"goToABCButtonTapped"}}"# + "\n",
        #"{"jsonrpc":"2.0","id":2,"method":"store.send","params":{"session":"nav","#
          + #""action":"popToRoot"}}"# + "\n",
      ]
    }
    let batch = Array(lines.joined().utf8)
    var rssAfterFirst = 0
    let rssBefore = SocketBenchmark.residentBytes(of: navd.pid)
    let times = cycleTimes(total: total / 8, window: window / 8) {
      client.write(batch)
      client.readLines(16) { line in
        guard SocketBenchmark.integer(after: SocketBenchmark.versionKey, in: line) != nil else {
          fatalError("navbench: a push/pop failed: \(String(decoding: line, as: UTF8.self))")
        }
      }
    } afterFirst: {
      rssAfterFirst = SocketBenchmark.residentBytes(of: navd.pid)
    }
    report.append(
      "navd push/pop: RSS \(mebibytes(rssBefore)) before, \(mebibytes(rssAfterFirst)) after the "
        + "first \(window.formatted()) cycles, \(mebibytes(SocketBenchmark.residentBytes(of: navd.pid))) "
        + "after \(total.formatted()).")
    return figure(daemonFigureName, times, cyclesPerChunk: max(window / 8 / 10, 1) * 8)
  }

  /// Runs `cycle` `total` times in chunks of a tenth of `window`; returns the nanoseconds of the
  /// first window's ten chunks and of the last window's, calling `afterFirst` between.
  private static func cycleTimes(
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
  private static func figure(
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

  private static func mebibytes(_ bytes: Int) -> String {
    String(format: "%.1f MiB", Double(bytes) / 1_048_576)
  }
}
