// ExploreSupervisor: runs the explore walk in a child process, so a reducer that traps is a
// finding rather than the end — each crash is shrunk by replays in children of its own, and
// the walk starts again stepping around it.

import Foundation
import Glibc
import NavHosting

/// The parent side of `explore`: walks in a child (``ExploreWorker``), and when the child dies,
/// reads the steps that killed it from its protocol, shrinks them with replays in further
/// children, and walks again with the crash known.
///
/// A crash is one bug by its signature (``Explorer/KnownCrash/signature``): one already found
/// is not shrunk again, and the next walk steps around its use on every screen of the same
/// shape. Whatever limit ends the exploration — the restart budget, the step budget, the time
/// limit — it ends in a report of everything found so far.
struct ExploreSupervisor {
  let invocation: ExploreCommand.Invocation
  let directory: String
  let replayCommand: String
  /// Where the walks' figures are shown as they come.
  let progress: ExploreProgressLine

  /// How one child walk ended.
  private enum Ending {
    case report(ExploreReport)
    /// The child died, or hung (a hang is not shrunk: every replay would wait out the limit);
    /// `taken` is how many steps it had begun, the fatal one included.
    case crash(path: [String], message: String, shrinkable: Bool, taken: Int)
    /// The child was still walking well past the time limit, and was killed.
    case outOfTime
  }

  /// What a walk that stopped responding is reported as.
  private var hangMessage: String {
    let seconds = Double(invocation.stepTimeout.components.seconds)
    return "the app stopped responding: a step did not finish within \(Int(seconds)) s (a reducer "
      + "or an effect that never returns); the walk was killed"
  }

  /// When the exploration must end, from `--time-limit`.
  private let deadline: ContinuousClock.Instant?

  /// How long past the time limit a child may take to write its report before it is killed.
  static let timeLimitGrace: Duration = .seconds(10)

  init(
    invocation: ExploreCommand.Invocation, directory: String, replayCommand: String,
    progress: ExploreProgressLine
  ) {
    self.invocation = invocation
    self.directory = directory
    self.replayCommand = replayCommand
    self.progress = progress
    deadline = invocation.options.timeLimit.map { ContinuousClock.now + $0 }
  }

  /// Explores until a walk ends without a crash, or a limit ends the exploration; returns the
  /// report, crashes included.
  func run() throws(ExploreFailure) -> ExploreReport {
    var crashes: [Explorer.KnownCrash] = []
    var shrunk: [String: [String]] = [:]
    while true {
      switch try walk(knowing: crashes, steps: invocation.options.steps) {
      case .report(let report):
        return report
      case .outOfTime:
        return try crashesOnlyReport(crashes, ended: .time)
      case .crash(let path, let message, let shrinkable, let taken):
        guard !path.isEmpty else {
          return try crashesOnlyReport(crashes, ended: .launchCrashed, launchCrash: message)
        }
        crashes.append(
          knownCrash(path: path, message: message, shrinkable: shrinkable, shrunk: &shrunk))
        // Each crash but the last was walked again from; past the budget, the last is not.
        if crashes.count > invocation.options.restartLimit {
          return try finalReport(knowing: crashes, before: taken)
        }
      }
    }
  }

  /// The crash that `path` ended in, its steps shrunk by replays in children unless a crash of
  /// its signature was shrunk before (`shrunk`, by signature) or it is a hang.
  private func knownCrash(
    path: [String], message: String, shrinkable: Bool, shrunk: inout [String: [String]]
  ) -> Explorer.KnownCrash {
    var crash = Explorer.KnownCrash(path: path, steps: path, message: message, hang: !shrinkable)
    if let steps = shrunk[crash.signature] {
      // The same bug from another screen: counted by the next walk, not shrunk again.
      crash.steps = steps
    } else {
      if shrinkable {
        crash.steps = Shrinker.shrink(path) { candidate in
          replayCrashes(candidate, like: message)
        }
      }
      shrunk[crash.signature] = crash.steps
    }
    return crash
  }

  /// The report when the restart budget is spent: the walk that crashed last, walked again
  /// knowing what it knew and stopped before the step it crashed on (a walk is the same to
  /// there for a seed), with the last crash added; else a report of the crashes alone.
  private func finalReport(knowing crashes: [Explorer.KnownCrash], before taken: Int)
    throws(ExploreFailure) -> ExploreReport
  {
    let last = crashes[crashes.count - 1]
    let known = Array(crashes.dropLast())
    let steps = min(invocation.options.steps, max(0, taken - 1))
    let ending: Ending
    do {
      ending = try walk(knowing: known, steps: steps)
    } catch {
      return try crashesOnlyReport(crashes, ended: .restarts)
    }
    switch ending {
    case .report(var report):
      // A time limit that came first is what the report says.
      if report.ended == .steps || report.ended == .complete { report.ended = .restarts }
      report.restarts.used = invocation.options.restartLimit
      report.complete = false
      if let same = known.first(where: { $0.signature == last.signature }),
        let index = report.findings.firstIndex(where: {
          $0.kind == .crash && $0.message == same.message && $0.steps == same.steps
        })
      {
        // Reached from one more screen: the one the last walk trapped on.
        report.findings[index].states = (report.findings[index].states ?? 0) + 1
      } else {
        let index = report.findings.firstIndex { $0.kind != .crash } ?? report.findings.endIndex
        report.findings.insert(
          ExploreFinding(
            kind: .crash, message: last.message, steps: last.steps, match: last.message,
            states: 1),
          at: index)
      }
      // The JSON carries no graph: the child's file is kept as it drew it.
      report.graph =
        (try? String(contentsOfFile: directory + "/graph.dot", encoding: .utf8)) ?? report.graph
      do {
        // Written again: the last crash's repro, and the command as it was given.
        return try report.written(
          to: directory, command: replayCommand, options: invocation.options)
      } catch {
        throw ExploreFailure("\(error)")
      }
    case .crash(let path, let message, let shrinkable, _):
      // The walk again crashed before it could report: every crash is reported, unshrunk.
      var crashes = crashes
      if !path.isEmpty {
        var crash = Explorer.KnownCrash(
          path: path, steps: path, message: message, hang: !shrinkable)
        if let same = crashes.first(where: { $0.signature == crash.signature }) {
          crash.steps = same.steps
        }
        crashes.append(crash)
      }
      return try crashesOnlyReport(crashes, ended: .restarts)
    case .outOfTime:
      return try crashesOnlyReport(crashes, ended: .time)
    }
  }

  /// Runs one child walk that knows `crashes`, with a budget of `steps`.
  private func walk(knowing crashes: [Explorer.KnownCrash], steps: Int) throws(ExploreFailure)
    -> Ending
  {
    let known = temporaryExploreFile("crashes.json")
    defer { try? FileManager.default.removeItem(atPath: known) }
    do {
      try JSONEncoder().encode(crashes).write(to: URL(fileURLWithPath: known))
    } catch {
      throw ExploreFailure("cannot write \(known): \(error)")
    }
    var child = invocation
    child.options.steps = steps
    var arguments = ExploreCommand.walkArguments(child)
    arguments += ["--worker", "--known-crashes", known, "--out", directory]
    if let deadline {
      // A child whose time ran out still walks to its launch screen and reports.
      let left = max(.zero, deadline - ContinuousClock.now).components
      arguments += ["--time-limit", "\(Double(left.seconds) + Double(left.attoseconds) / 1e18)"]
    }
    let process = try Child(
      arguments: arguments, idleLimit: invocation.stepTimeout,
      deadline: deadline.map { $0 + Self.timeLimitGrace }
    ) { [progress] line in
      guard line.hasPrefix("G "),
        let figures = try? JSONDecoder().decode(
          ExploreProgress.self, from: Data(line.dropFirst(2).utf8))
      else { return }
      progress.show(figures)
    }
    var path: [String] = []
    // The steps of a replay under way (a finding's shrinking): a crash then is the replay's.
    var replay: [String]?
    var taken = 0
    var reportText: Substring?
    let output = String(decoding: process.output, as: UTF8.self)
    var lines = output.split(separator: "\n", omittingEmptySubsequences: false)[...]
    while let line = lines.popFirst() {
      if line == "L" {
        path = []
      } else if line.hasPrefix("S ") {
        path.append(String(line.dropFirst(2)))
        taken += 1
      } else if line.hasPrefix("P ") {
        replay = (try? JSONDecoder().decode([String].self, from: Data(line.dropFirst(2).utf8)))
      } else if line == "W" {
        replay = nil
      } else if line == "R" {
        reportText = lines.joined(separator: "\n")[...]
        break
      }
    }
    if let replay { path = replay }
    if process.outOfTime { return .outOfTime }
    if process.hung {
      return .crash(path: path, message: hangMessage, shrinkable: false, taken: taken)
    }
    if let signal = process.signal {
      return .crash(
        path: path, message: Self.crashMessage(process.errors, signal: signal), shrinkable: true,
        taken: taken)
    }
    guard process.status == 0, let reportText,
      let report = try? JSONDecoder().decode(ExploreReport.self, from: Data(reportText.utf8))
    else {
      let errors = String(decoding: process.errors, as: UTF8.self)
      throw ExploreFailure(
        "the walk failed (exit status \(process.status)): "
          + errors.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return .report(report)
  }

  /// Whether taking `steps` from a fresh launch, in a child, crashes with `message`.
  private func replayCrashes(_ steps: [String], like message: String) -> Bool {
    if let deadline, ContinuousClock.now >= deadline { return false }
    let file = temporaryExploreFile("steps.json")
    defer { try? FileManager.default.removeItem(atPath: file) }
    guard (try? JSONEncoder().encode(steps).write(to: URL(fileURLWithPath: file))) != nil,
      let child = try? Child(
        arguments: ExploreCommand.walkArguments(invocation) + ["--replay", file],
        idleLimit: invocation.stepTimeout, deadline: deadline),
      !child.hung, !child.outOfTime, let signal = child.signal
    else { return false }
    return ExploreFinding.masked(Self.crashMessage(child.errors, signal: signal))
      == ExploreFinding.masked(message)
  }

  /// A report of the crashes alone, for when no walk could report; or, when the last walk
  /// left a checkpoint (it ran out of time, or crashed again, after its first), that
  /// checkpoint with the crashes added, so that its screens are not lost.
  ///
  /// That is when the feature crashes as it launches (`launchCrash`), when the last walk
  /// crashed again before it could report, or when it ran well past the time limit. A crash's
  /// `states` is then the distinct paths that reached it.
  private func crashesOnlyReport(
    _ crashes: [Explorer.KnownCrash], ended: ExploreReport.Ending, launchCrash: String? = nil
  ) throws(ExploreFailure) -> ExploreReport {
    let options = invocation.options
    if launchCrash == nil, let checkpoint = lastCheckpoint() {
      var report = checkpoint.report
      report.ended = ended
      report.restarts.used = min(crashes.count, options.restartLimit)
      var known = Set(report.findings.map(ExploreMerge.signature(of:)))
      for crash in crashes {
        let finding = ExploreFinding(
          kind: .crash, message: crash.message, steps: crash.steps, match: crash.message,
          states: 1)
        if known.insert(ExploreMerge.signature(of: finding)).inserted {
          report.findings.insert(finding, at: 0)
        }
      }
      // Its graph.dot is drawn from its graph.json, which the walk wrote beside it.
      if let picture = try? ExploreMerge.picture(of: checkpoint.graph, feature: invocation.feature)
      {
        report.graph = picture
      }
      do {
        return try report.written(to: directory, command: replayCommand, options: options)
      } catch {
        throw ExploreFailure("\(error)")
      }
    }
    var findings: [ExploreFinding] = []
    if let launchCrash {
      findings.append(
        ExploreFinding(kind: .crash, message: launchCrash, steps: [], match: launchCrash))
    }
    var signatures: Set<String> = []
    for crash in crashes where signatures.insert(crash.signature).inserted {
      let states = Set(crashes.filter { $0.signature == crash.signature }.map(\.path)).count
      findings.append(
        ExploreFinding(
          kind: .crash, message: crash.message, steps: crash.steps, match: crash.message,
          states: states))
    }
    var report = ExploreReport(
      feature: invocation.feature, seed: options.seed, strategy: options.strategy.rawValue,
      steps: 0, screens: 0, places: 0, transitions: 0, depth: options.depth, complete: false,
      findings: findings, controls: .init(seen: 0, used: [], unused: []),
      graph: "digraph \"explore \(invocation.feature)\" {\n  crash [shape=octagon];\n}\n",
      ended: ended,
      restarts: .init(
        used: min(crashes.count, options.restartLimit), limit: options.restartLimit,
        skippedStates: 0))
    report.walk = ExploreReport.Walk(options: options)
    report.shard = options.shard.map(ExploreReport.ShardPart.init(unsplit:))
    // No walk reported a graph: the merge of a shard that crashed at launch joins no screens.
    ExploreCheckpoint.writeGraph(ScreenGraphRecord(screens: []), in: directory)
    do {
      return try report.written(to: directory, command: replayCommand, options: options)
    } catch {
      throw ExploreFailure("\(error)")
    }
  }

  /// The report and graph the last walk's child wrote as it went, if it wrote them.
  ///
  /// The command cleared the directory's report before the first walk, so a report there is a
  /// child's checkpoint of this exploration.
  private func lastCheckpoint() -> ExploreMerge.Part? {
    guard
      let checkpoint = try? ExploreMerge.Part(reading: directory + "/" + ExploreReport.fileName),
      checkpoint.report.ended == .interrupted
    else { return nil }
    return checkpoint
  }

  /// What a crashed child said: its `Fatal error` line, else the signal that killed it.
  static func crashMessage(_ errors: Data, signal: Int32) -> String {
    let text = String(decoding: errors, as: UTF8.self)
    for line in text.split(separator: "\n") where line.contains("Fatal error") {
      return line.trimmingCharacters(in: .whitespaces)
    }
    let name = String(cString: strsignal(signal))
    return "the process was killed by signal \(signal) (\(name))"
  }

}

/// Why an exploration could not go on.
struct ExploreFailure: Error, CustomStringConvertible {
  /// What went wrong.
  let description: String

  init(_ description: String) { self.description = description }
}

/// A child run of this same program, to its end: its standard output, its standard error, and
/// how it ended.
private struct Child {
  let output: Data
  let errors: Data
  let status: Int32
  /// The signal that killed it, if one did.
  let signal: Int32?
  /// Whether it was killed for writing nothing for longer than its idle limit.
  let hung: Bool
  /// Whether it was killed for running past its deadline.
  let outOfTime: Bool

  /// Runs this program with `arguments` to its end; kills it when it writes nothing on its
  /// standard output for `idleLimit` (a walk writes a line before every step), or when it is
  /// still running at `deadline`.
  init(
    arguments: [String], idleLimit: Duration, deadline: ContinuousClock.Instant?,
    onLine: (Substring) -> Void = { _ in }
  ) throws(ExploreFailure) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    // A trapping child should die at once, not symbolicate a backtrace for seconds.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    environment[ExploreWorker.parentVariable] = "\(getpid())"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    let errorsFile = temporaryExploreFile("errors.txt")
    _ = FileManager.default.createFile(atPath: errorsFile, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: errorsFile) }
    guard let errors = FileHandle(forWritingAtPath: errorsFile) else {
      throw ExploreFailure("cannot create \(errorsFile)")
    }
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw ExploreFailure("cannot start the explore walk: \(error)")
    }
    (self.output, self.hung, self.outOfTime) = Self.read(
      output.fileHandleForReading.fileDescriptor, idleLimit: idleLimit, deadline: deadline,
      kill: { Glibc.kill(process.processIdentifier, SIGKILL) }, onLine: onLine)
    process.waitUntilExit()
    try? errors.close()
    self.errors = FileManager.default.contents(atPath: errorsFile) ?? Data()
    if process.terminationReason == .uncaughtSignal {
      signal = process.terminationStatus
      status = 128 + process.terminationStatus
    } else {
      signal = nil
      status = process.terminationStatus
    }
  }

  /// Reads `descriptor` to its end, calling `kill` once nothing came for `idleLimit` or at
  /// `deadline`; returns what was read, and whether `kill` was called for each reason.
  private static func read(
    _ descriptor: Int32, idleLimit: Duration, deadline: ContinuousClock.Instant?,
    kill: () -> Void, onLine: (Substring) -> Void
  ) -> (Data, hung: Bool, outOfTime: Bool) {
    var data = Data()
    // Where the next line not yet handed to `onLine` starts.
    var lineStart = 0
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var lastRead = ContinuousClock.now
    var killed = false
    var outOfTime = false
    while true {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, 500)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      if !killed, !outOfTime, let deadline, ContinuousClock.now > deadline {
        kill()
        outOfTime = true
      }
      if ready == 0 {
        if !killed, !outOfTime, ContinuousClock.now - lastRead > idleLimit {
          kill()
          killed = true
        }
        continue
      }
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      let before = data.count
      data.append(contentsOf: buffer[..<count])
      lastRead = ContinuousClock.now
      for offset in before..<data.count where data[data.startIndex + offset] == 0x0A {
        let line = data[(data.startIndex + lineStart)..<(data.startIndex + offset)]
        // Only progress lines are looked at as they come; the rest are read at the end.
        if line.first == UInt8(ascii: "G") { onLine(Substring(decoding: line, as: UTF8.self)) }
        lineStart = offset + 1
      }
    }
    return (data, killed, outOfTime)
  }
}

/// A new path in the temporary directory for one of the explore command's files.
private func temporaryExploreFile(_ name: String) -> String {
  NSTemporaryDirectory() + "/navd-explore-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(name)"
}
