// `navctl test`: finds scenario files, selects and shards their `it` blocks, runs them on
// worker threads (one Lua state per file), and reports.

import Composable
import Foundation
import LuaBridge
import NavHosting
import NavSync
import NavValue

/// Runs Lua scenario files the way busted runs specs, against fresh stores for every `it`.
public struct ScenarioRunner: Sendable {
  /// What to run and how to report.
  public var options: ScenarioOptions
  /// The features `navd.launch` and `navd.test_store` know.
  public var features: [ScriptFeature]

  /// Creates a runner.
  public init(options: ScenarioOptions, features: [ScriptFeature]) {
    self.options = options
    self.features = features
  }

  /// Runs (or lists) the scenarios, writes the report to `output`, and returns the exit status:
  /// 0 when every selected scenario passed, 1 otherwise.
  public func run(
    output: @escaping @Sendable (String) -> Void = {
      FileHandle.standardOutput.write(Data($0.utf8))
    }
  )
    -> Int32
  {
    let started = ContinuousClock.now
    let files: [String]
    do {
      files = try Self.scenarioFiles(options.paths)
    } catch {
      output("error: \(error.message)\n")
      return 1
    }
    guard !files.isEmpty else {
      output("error: no scenario files (*_spec.lua) in \(options.paths.joined(separator: ", "))\n")
      return 1
    }
    var entries = files.flatMap { list(file: $0) }
    if entries.isEmpty, options.filter == nil, options.tags.isEmpty {
      // A run of nothing is a mistake (a spec that does not call `it`), not a pass.
      output(
        "error: no scenario (an `it` inside a `describe`) in \(files.joined(separator: ", "))\n")
      return 1
    }
    if entries.isEmpty, options.filter != nil || !options.tags.isEmpty {
      // A selection that selects nothing is a mistake, not a pass.
      var chosen: [String] = []
      if let filter = options.filter {
        chosen.append(
          "--filter '\(filter)' (a Lua pattern: escape the magic characters ^$()%.[]*+-? with %)")
      }
      if !options.tags.isEmpty {
        chosen.append("--tags \(options.tags.joined(separator: ","))")
      }
      output("error: no scenario matches \(chosen.joined(separator: " and "))\n")
      return 1
    }
    if let shard = options.shard {
      if let timings = options.timings {
        let assignment = timings.shards(of: entries, count: shard.count)
        entries = entries.indices.filter { assignment[$0] == shard.index - 1 }.map { entries[$0] }
      } else {
        entries = entries.enumerated().filter { $0.offset % shard.count == shard.index - 1 }
          .map(\.element)
      }
    }
    var seed: UInt64?
    if options.shuffle {
      seed = options.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
      entries = Self.shuffled(entries, seed: seed!)
    }
    if options.repeatCount > 1 {
      var repeated: [ScenarioEntry] = []
      for round in 0..<options.repeatCount {
        // Each round in its own order when shuffled, the same order for the same seed.
        repeated += seed.map { Self.shuffled(entries, seed: $0 &+ UInt64(round)) } ?? entries
      }
      entries = repeated
    }
    for position in entries.indices { entries[position].number = position + 1 }

    if options.list {
      for entry in entries {
        output(
          "\(entry.file):\(entry.line): \(entry.fullName)\(entry.pending ? " (pending)" : "")\n")
      }
      return 0
    }

    let progress = ProgressPrinter(
      enabled: options.progress, toStandardOutput: options.output == .text, total: entries.count)
    let results = runAll(entries, progress: progress)
    let elapsed = (ContinuousClock.now - started).seconds

    let flaky = Self.flaky(results)
    switch options.output {
    case .text:
      output(TextReport.render(results, seconds: elapsed))
      if let seed { output("Shuffled with --seed \(seed).\n") }
      if !flaky.isEmpty {
        output(
          "\nFlaky (passed and failed across the \(options.repeatCount) runs):\n"
            + flaky.map {
              "  \($0.name) (\($0.file):\($0.line)): failed \($0.failed) of \($0.runs)\n"
            }
            .joined())
      }
    case .tap: output(TAPReport.render(results))
    case .junit: output(JUnitReport.render(results, seconds: elapsed))
    case .json: output(JSONReport.render(results, seconds: elapsed))
    }
    if let junitFile = options.junitFile {
      do {
        try JUnitReport.render(results, seconds: elapsed)
          .write(toFile: junitFile, atomically: true, encoding: .utf8)
      } catch {
        output("error: cannot write the JUnit report to \(junitFile): \(error)\n")
        return 1
      }
    }
    return results.contains { $0.status == .failed } ? 1 : 0
  }

  /// A scenario that passed in some runs and failed in others.
  struct Flaky {
    var name: String
    var file: String
    var line: Int
    var failed: Int
    var runs: Int
  }

  /// The scenarios of `results` that both passed and failed, in the order they first ran.
  static func flaky(_ results: [ScenarioResult]) -> [Flaky] {
    var order: [String] = []
    var found: [String: Flaky] = [:]
    var passed: Set<String> = []
    for result in results where result.status != .pending {
      let key = "\(result.file):\(result.line): \(result.fullName)"
      if found[key] == nil {
        order.append(key)
        found[key] = Flaky(
          name: result.fullName, file: result.file, line: result.line, failed: 0, runs: 0)
      }
      found[key]!.runs += 1
      if result.status == .failed { found[key]!.failed += 1 } else { passed.insert(key) }
    }
    return order.compactMap { key in
      guard let flaky = found[key], flaky.failed > 0, passed.contains(key) else { return nil }
      return flaky
    }
  }

  /// `entries` with their files in a random order, and each file's scenarios too (a file's
  /// scenarios stay together: they share the file's Lua state).
  static func shuffled(_ entries: [ScenarioEntry], seed: UInt64) -> [ScenarioEntry] {
    var random = SeededRandom(seed: seed)
    var files: [String] = []
    var byFile: [String: [ScenarioEntry]] = [:]
    for entry in entries {
      if byFile[entry.file] == nil { files.append(entry.file) }
      byFile[entry.file, default: []].append(entry)
    }
    random.shuffle(&files)
    return files.flatMap { file in
      var scenarios = byFile[file] ?? []
      random.shuffle(&scenarios)
      return scenarios
    }
  }

  // MARK: - Finding

  /// The scenario files under `paths`, sorted: files as given, directories searched for
  /// `*_spec.lua`.
  static func scenarioFiles(_ paths: [String]) throws(LuaError) -> [String] {
    var files: [String] = []
    let manager = FileManager.default
    for path in paths {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw LuaError("no such file or directory: \(path)")
      }
      if !isDirectory.boolValue {
        files.append(path)
        continue
      }
      let base = path.hasSuffix("/") ? String(path.dropLast()) : path
      // A directory reached through a symbolic link (a CI workspace's `specs -> …`) is searched
      // too: the enumerator does not follow a link it starts at.
      let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
      let found = (manager.enumerator(atPath: target)?.allObjects as? [String] ?? [])
        .filter { $0.hasSuffix("_spec.lua") }
        .sorted()
        .map { "\(base)/\($0)" }
      files += found
    }
    return files
  }

  /// Loads `file` in a fresh state and lists its selected `it` blocks.
  private func list(file: String) -> [ScenarioEntry] {
    let host = ScriptHost(features: features)
    let lua: LuaState
    do {
      lua = try load(file, host: host)
    } catch {
      return [
        ScenarioEntry(
          file: file, name: file, fullName: "\(file) (loading)", line: 0,
          pending: false, loadError: error.message)
      ]
    }
    let stack = lua.stack
    stack.pushGlobal("__navd_runner")
    stack.pushRawField("list", ofTableAt: -1)
    stack.push(options.filter.map(DataValue.string) ?? .null)
    stack.push(.array(options.tags.map(DataValue.string)))
    stack.push(.array(options.excludeTags.map(DataValue.string)))
    defer { stack.top = 0 }
    guard (try? stack.call(arguments: 3, results: 1)) != nil,
      case .array(let selected)? = try? stack.value(at: -1)
    else { return [] }
    var entries: [ScenarioEntry] = selected.compactMap { test in
      guard case .string(let name) = test["name"], case .string(let fullName) = test["full_name"]
      else { return nil }
      let line: Int
      if case .integer(let value) = test["line"] { line = value } else { line = 0 }
      return ScenarioEntry(
        file: file, name: name, fullName: fullName, line: line,
        pending: test["pending"] == .bool(true))
    }
    // One order in every process, whatever order `pairs` gave this Lua state (it differs from
    // one state to the next): by line, then by name. Shards are cut by position, and each shard
    // lists its files in a process of its own; a scenario runs by name and line, not by index.
    entries.sort { ($0.line, $0.fullName) < ($1.line, $1.fullName) }
    var seen: [String: Int] = [:]
    for position in entries.indices {
      let key = "\(entries[position].line) \(entries[position].fullName)"
      seen[key, default: 0] += 1
      entries[position].occurrence = seen[key]!
    }
    return entries
  }

  /// A fresh Lua state with `navd`, the spec API and `file` loaded.
  private func load(_ file: String, host: ScriptHost) throws(LuaError) -> LuaState {
    let lua = LuaState()
    // Set before any code runs, so every coroutine the file creates inherits the hook.
    if let budget = options.instructionBudget { lua.setInstructionBudget(budget) }
    host.install(in: lua)
    try lua.run(specPrelude, name: "navd-spec-prelude")
    let directory = (file as NSString).deletingLastPathComponent
    let searchPath = directory.isEmpty ? "./?.lua" : "\(directory)/?.lua"
    try lua.run("package.path = \(DataValue.string(searchPath)) .. ';' .. package.path")
    try lua.runFile(file)
    return lua
  }

  // MARK: - Running

  private func runAll(_ entries: [ScenarioEntry], progress: ProgressPrinter) -> [ScenarioResult] {
    var byFile: [(file: String, entries: [ScenarioEntry])] = []
    for entry in entries {
      if let last = byFile.last, last.file == entry.file {
        byFile[byFile.count - 1].entries.append(entry)
      } else {
        byFile.append((entry.file, [entry]))
      }
    }
    let queue = Protected(byFile[...])
    let results = Protected<[ScenarioResult]>([])
    let failFast = options.failFast
    let jobs = max(1, min(options.jobs, byFile.count))
    let group = DispatchGroup()
    for _ in 0..<jobs {
      group.enter()
      let thread = Thread { [self] in
        defer { group.leave() }
        while let next = queue.withLock({ $0.popFirst() }) {
          let stopped = {
            failFast && results.withLock { $0.contains { $0.status == .failed } }
          }
          if stopped() { break }
          for result in run(file: next.file, entries: next.entries, stopped: stopped) {
            progress.report(result)
            results.withLock { $0.append(result) }
          }
        }
      }
      thread.stackSize = 8 << 20
      thread.start()
    }
    group.wait()
    return results.withLock { $0 }.sorted { $0.number < $1.number }
  }

  /// Runs `entries` of `file` in one fresh Lua state, until `stopped` says to stop starting new
  /// ones (`--fail-fast`).
  private func run(
    file: String, entries: [ScenarioEntry], stopped: () -> Bool = { false }
  ) -> [ScenarioResult] {
    func result(
      _ entry: ScenarioEntry, _ status: ScenarioResult.Status, _ message: String, _ seconds: Double
    )
      -> ScenarioResult
    {
      ScenarioResult(
        number: entry.number, name: entry.name, fullName: entry.fullName, file: entry.file,
        line: entry.line, status: status, message: message, seconds: seconds)
    }
    if let loadError = entries.first?.loadError {
      return [result(entries[0], .failed, loadError, 0)]
    }
    let host = ScriptHost(features: features)
    let lua: LuaState
    do {
      lua = try load(file, host: host)
    } catch {
      return entries.map { result($0, .failed, error.message, 0) }
    }
    let stack = lua.stack
    var results: [ScenarioResult] = []
    for entry in entries {
      if stopped() || options.failFast && results.contains(where: { $0.status == .failed }) {
        break
      }
      if entry.pending {
        results.append(result(entry, .pending, "", 0))
        continue
      }
      let started = ContinuousClock.now
      // By name and line, not by the listing's index: this load's order may differ from it.
      stack.pushGlobal("__navd_runner")
      stack.pushRawField("find", ofTableAt: -1)
      stack.push(.string(entry.fullName))
      stack.push(entry.line)
      stack.push(entry.occurrence)
      guard (try? stack.call(arguments: 3, results: 1)) != nil,
        case .integer(let index)? = try? stack.value(at: -1)
      else {
        stack.top = 0
        results.append(
          result(
            entry, .failed,
            "the scenario is not in this load of \(entry.file): its name changes from one load "
              + "to the next (built from math.random or the time?)", 0))
        continue
      }
      stack.top = 0
      stack.pushGlobal("__navd_runner")
      stack.pushRawField("run", ofTableAt: -1)
      stack.push(index)
      lua.setInstructionBudget(options.instructionBudget)
      var failures: [String] = []
      // Each scenario has storages of its own for shared state, shared by its stores.
      ScriptStorages.$current.withValue(TestStorages.Storages()) {
        do throws(LuaError) {
          try stack.call(arguments: 1, results: 2)
          if stack.boolean(at: -2) != true {
            failures.append(stack.string(at: -1) ?? "the scenario failed")
          }
        } catch {
          failures.append(error.message)
        }
      }
      stack.top = 0
      // Read before the end-of-scenario checks, which forget the stores.
      let log = host.actionLog()
      failures += host.finishScenario()
      lua.collectGarbage()
      let seconds = (ContinuousClock.now - started).seconds
      var outcome = result(
        entry, failures.isEmpty ? .passed : .failed,
        failures.map(Self.trimTraceback).joined(separator: "\n\n"), seconds)
      if !failures.isEmpty { outcome.actionLog = log }
      results.append(outcome)
    }
    return results
  }

  /// Drops the runner's own frames (the prelude, `[C]` calls) from a traceback.
  static func trimTraceback(_ message: String) -> String {
    message.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { line in
        !(line.contains("navd-spec-prelude") || line.contains("[C]: in function 'xpcall'")
          || line.contains("[C]: in ?"))
      }
      .joined(separator: "\n")
  }
}

// MARK: - Progress

/// Prints one line per finished scenario while the run goes on.
final class ProgressPrinter: Sendable {
  private let enabled: Bool
  private let toStandardOutput: Bool
  private let total: Int
  private let done = Protected(0)

  init(enabled: Bool, toStandardOutput: Bool, total: Int) {
    self.toStandardOutput = toStandardOutput
    self.total = total
    // Machine-readable reports keep standard output clean; progress goes to a terminal only.
    self.enabled = enabled && (toStandardOutput || isatty(STDERR_FILENO) != 0)
  }

  func report(_ result: ScenarioResult) {
    guard enabled else { return }
    let count = done.withLock {
      $0 += 1
      return $0
    }
    let mark: String
    switch result.status {
    case .passed: mark = "ok  "
    case .failed: mark = "FAIL"
    case .pending: mark = "skip"
    }
    let width = String(total).count
    let number = String(repeating: " ", count: max(0, width - String(count).count)) + "\(count)"
    let milliseconds = Int((result.seconds * 1000).rounded())
    let line = "[\(number)/\(total)] \(mark) \(result.fullName) (\(milliseconds) ms)\n"
    if toStandardOutput {
      FileHandle.standardOutput.write(Data(line.utf8))
    } else {
      FileHandle.standardError.write(Data(line.utf8))
    }
  }
}
