// ExploreSupervisor: runs the explore walk in a child process, so a reducer that traps is a
// finding rather than the end — each crash is shrunk by replays in children of its own, and
// the walk starts again stepping around it.

import Foundation
import Glibc
import NavScript

/// The parent side of `explore`: walks in a child (``ExploreWorker``), and when the child dies,
/// reads the steps that killed it from its protocol, shrinks them with replays in further
/// children, and walks again with the crash known.
struct ExploreSupervisor {
  let invocation: ExploreCommand.Invocation
  let directory: String
  let replayCommand: String

  /// The most crashes one exploration reports before it gives up.
  static let crashLimit = 20

  /// How one child walk ended.
  private enum Ending {
    case report(ExploreReport)
    /// The child died, or hung (a hang is not shrunk: every replay would wait out the limit).
    case crash(path: [String], message: String, shrinkable: Bool)
  }

  /// What a walk that stopped responding is reported as.
  private var hangMessage: String {
    let seconds = Double(invocation.stepTimeout.components.seconds)
    return "the app stopped responding: a step did not finish within \(Int(seconds)) s (a reducer "
      + "or an effect that never returns); the walk was killed"
  }

  /// Explores until a walk ends without a crash; returns its report, crashes included.
  func run() throws(ExploreFailure) -> ExploreReport {
    var crashes: [Explorer.KnownCrash] = []
    while crashes.count <= Self.crashLimit {
      switch try walk(knowing: crashes) {
      case .report(let report):
        return report
      case .crash(let path, let message, let shrinkable):
        guard !path.isEmpty else { return try launchCrash(message) }
        let steps =
          shrinkable
          ? Shrinker.shrink(path) { candidate in replayCrashes(candidate, like: message) } : path
        crashes.append(
          Explorer.KnownCrash(path: path, steps: steps, message: message, hang: !shrinkable))
      }
    }
    throw ExploreFailure(
      "the walk crashed more than \(Self.crashLimit) times; the last: \(crashes.last!.message)")
  }

  /// Runs one child walk that knows `crashes`.
  private func walk(knowing crashes: [Explorer.KnownCrash]) throws(ExploreFailure) -> Ending {
    let known = temporaryExploreFile("crashes.json")
    defer { try? FileManager.default.removeItem(atPath: known) }
    do {
      try JSONEncoder().encode(crashes).write(to: URL(fileURLWithPath: known))
    } catch {
      throw ExploreFailure("cannot write \(known): \(error)")
    }
    var arguments = ExploreCommand.walkArguments(invocation)
    arguments += ["--worker", "--known-crashes", known, "--out", directory]
    let child = try Child(arguments: arguments, idleLimit: invocation.stepTimeout)
    var path: [String] = []
    var reportText: Substring?
    let output = String(decoding: child.output, as: UTF8.self)
    var lines = output.split(separator: "\n", omittingEmptySubsequences: false)[...]
    while let line = lines.popFirst() {
      if line == "L" {
        path = []
      } else if line.hasPrefix("S ") {
        path.append(String(line.dropFirst(2)))
      } else if line == "R" {
        reportText = lines.joined(separator: "\n")[...]
        break
      }
    }
    if child.hung {
      return .crash(path: path, message: hangMessage, shrinkable: false)
    }
    if let signal = child.signal {
      return .crash(
        path: path, message: Self.crashMessage(child.errors, signal: signal), shrinkable: true)
    }
    guard child.status == 0, let reportText,
      let report = try? JSONDecoder().decode(ExploreReport.self, from: Data(reportText.utf8))
    else {
      let errors = String(decoding: child.errors, as: UTF8.self)
      throw ExploreFailure(
        "the walk failed (exit status \(child.status)): "
          + errors.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return .report(report)
  }

  /// Whether taking `steps` from a fresh launch, in a child, crashes with `message`.
  private func replayCrashes(_ steps: [String], like message: String) -> Bool {
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
    let options = invocation.options
    let report = ExploreReport(
      feature: invocation.feature, seed: options.seed, strategy: options.strategy.rawValue,
      steps: 0, screens: 0, places: 0, transitions: 0, depth: options.depth, complete: false,
      findings: [ExploreFinding(kind: .crash, message: message, steps: [], match: message)],
      controls: .init(seen: 0, used: [], unused: []),
      graph: "digraph \"explore \(invocation.feature)\" {\n  crash [shape=octagon];\n}\n")
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
