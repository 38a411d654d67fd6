// ExploreSupervisor: runs the explore walk in a child process, so a reducer that traps is a
// finding rather than the end — each crash is shrunk by replays in children of its own, and
// the walk starts again stepping around it.

import Foundation
import Glibc
import NavScript

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

  /// How one child walk ended.
  private enum Ending {
    case report(ExploreReport)
    /// The child died, or hung (a hang is not shrunk: every replay would wait out the limit);
    /// `taken` is how many steps it had begun, the fatal one included.
    case crash(path: [String], message: String, shrinkable: Bool, taken: Int)
  }

  /// What a walk that stopped responding is reported as.
  private var hangMessage: String {
    let seconds = Double(invocation.stepTimeout.components.seconds)
    return "the app stopped responding: a step did not finish within \(Int(seconds)) s (a reducer "
      + "or an effect that never returns); the walk was killed"
  }

  /// When the exploration must end, from `--time-limit`.
  private let deadline: ContinuousClock.Instant?

  init(invocation: ExploreCommand.Invocation, directory: String, replayCommand: String) {
    self.invocation = invocation
    self.directory = directory
    self.replayCommand = replayCommand
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
      case .crash(let path, let message, let shrinkable, let taken):
        guard !path.isEmpty else { return try launchCrash(message) }
        var crash = Explorer.KnownCrash(
          path: path, steps: path, message: message, hang: !shrinkable)
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
        crashes.append(crash)
        // Each crash but the last was walked again from; past the budget, the last is not.
        if crashes.count > invocation.options.restartLimit {
          return try finalReport(knowing: crashes, before: taken)
        }
      }
    }
  }

  /// The report when the restart budget is spent: the walk that crashed last, walked again
  /// knowing every crash and stopped before the step it crashed on (the walk is the same to
  /// there for a seed), else a report of the crashes alone.
  private func finalReport(knowing crashes: [Explorer.KnownCrash], before taken: Int)
    throws(ExploreFailure) -> ExploreReport
  {
    let steps = min(invocation.options.steps, max(0, taken - 1))
    if case .report(var report) = try walk(knowing: crashes, steps: steps) {
      report.ended = .restarts
      report.restarts.used = invocation.options.restartLimit
      return report
    }
    return try crashesOnlyReport(crashes)
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
    let process = try Child(arguments: arguments, idleLimit: invocation.stepTimeout)
    var path: [String] = []
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
      } else if line == "R" {
        reportText = lines.joined(separator: "\n")[...]
        break
      }
    }
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
        idleLimit: invocation.stepTimeout),
      !child.hung, let signal = child.signal
    else { return false }
    return ExploreFinding.masked(Self.crashMessage(child.errors, signal: signal))
      == ExploreFinding.masked(message)
  }

  /// The report of a feature that crashes as it launches: one crash, no steps.
  private func launchCrash(_ message: String) throws(ExploreFailure) -> ExploreReport {
    try crashesOnlyReport([], launchCrash: message)
  }

  /// A report of the crashes alone, when no walk could report: the feature crashes as it
  /// launches, or the last walk crashed again before it could report.
  private func crashesOnlyReport(
    _ crashes: [Explorer.KnownCrash], launchCrash: String? = nil
  ) throws(ExploreFailure) -> ExploreReport {
    let options = invocation.options
    var findings: [ExploreFinding] = []
    var signatures: Set<String> = []
    for crash in crashes where signatures.insert(crash.signature).inserted {
      let states = Set(crashes.filter { $0.signature == crash.signature }.map(\.path)).count
      findings.append(
        ExploreFinding(
          kind: .crash, message: crash.message, steps: crash.steps, match: crash.message,
          states: states))
    }
    if let launchCrash {
      findings.append(
        ExploreFinding(kind: .crash, message: launchCrash, steps: [], match: launchCrash))
    }
    let report = ExploreReport(
      feature: invocation.feature, seed: options.seed, strategy: options.strategy.rawValue,
      steps: 0, screens: 0, places: 0, transitions: 0, depth: options.depth, complete: false,
      findings: findings, controls: .init(seen: 0, used: [], unused: []),
      graph: "digraph \"explore \(invocation.feature)\" {\n  crash [shape=octagon];\n}\n",
      ended: launchCrash == nil ? .restarts : .launchCrashed,
      restarts: .init(
        used: min(crashes.count, options.restartLimit), limit: options.restartLimit,
        skippedStates: 0))
    do {
      return try report.written(to: directory, command: replayCommand, options: options)
    } catch {
      throw ExploreFailure("\(error)")
    }
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

  /// Runs this program with `arguments` to its end; kills it when it writes nothing on its
  /// standard output for `idleLimit` (a walk writes a line before every step).
  init(arguments: [String], idleLimit: Duration) throws(ExploreFailure) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    // A trapping child should die at once, not symbolicate a backtrace for seconds.
    environment["SWIFT_BACKTRACE"] = "enable=no"
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
    (self.output, self.hung) = Self.read(
      output.fileHandleForReading.fileDescriptor, idleLimit: idleLimit,
      kill: { Glibc.kill(process.processIdentifier, SIGKILL) })
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

  /// Reads `descriptor` to its end, calling `kill` once nothing came for `idleLimit`; returns
  /// what was read and whether `kill` was called.
  private static func read(_ descriptor: Int32, idleLimit: Duration, kill: () -> Void) -> (
    Data, Bool
  ) {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var lastRead = ContinuousClock.now
    var killed = false
    while true {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, 500)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      if ready == 0 {
        if !killed, ContinuousClock.now - lastRead > idleLimit {
          kill()
          killed = true
        }
        continue
      }
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      data.append(contentsOf: buffer[..<count])
      lastRead = ContinuousClock.now
    }
    return (data, killed)
  }
}

/// A new path in the temporary directory for one of the explore command's files.
private func temporaryExploreFile(_ name: String) -> String {
  NSTemporaryDirectory() + "/navd-explore-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(name)"
}
