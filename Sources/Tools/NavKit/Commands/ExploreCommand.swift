// ExploreCommand: `HOST explore FEATURE` — walk a feature's screens with no scenario written,
// and report crashes, runtime warnings, dead ends, leaked effects and broken invariants.

import Foundation
import NavScript

/// `HOST explore FEATURE [options]`: the explorer, its files, and its report.
enum ExploreCommand {
  /// What the command line asks for.
  struct Invocation {
    var feature = ""
    var options = ExploreOptions()
    /// Whether `--seed` was given (else one is drawn and printed).
    var seedGiven = false
    var directory: String?
    var json = false
    /// Walk in this process: faster to start, but a crash ends the walk.
    var inProcess = false
    /// How long a step may take before the walk is taken to hang and is killed.
    var stepTimeout: Duration = .seconds(60)
    /// Internal: run as the supervisor's child (`--worker`), with the crashes found so far.
    var worker = false
    var knownCrashes: String?
    /// Internal: replay the steps in this file and exit (a crash's shrinking).
    var replay: String?
    /// The shard this walk is, and where that was read (`--shard`, or a CI engine's variables).
    var shard: CIShard?
  }

  /// Exit status when the walk itself could not run (a feature that cannot launch for a reason
  /// other than a crash, an invariants file that does not load, an output directory that cannot
  /// be written): no report.
  static let couldNotRun: Int32 = 3

  /// `HOST explore --help`.
  static var usage: String {
    """
    usage: \(Program.name) explore FEATURE [options]
           \(Program.name) explore --preview NAME [options]
           \(Program.name) explore merge REPORT… [--out DIR] [--output FORMAT]

    Walk FEATURE's screens from its launch with no scenario written: each step taps an enabled
    control of the frontmost screen, types a text into a field, or goes back, on a virtual clock.
    After every step it checks for runtime warnings, leaked effects and broken invariants; at the
    end, for dead ends. Each finding is shrunk to the fewest steps that still show it and written
    as a repro spec (DIR/KIND-N_spec.lua) that fails under `\(Program.name) test`. The screen graph
    goes to DIR/graph.dot, and to DIR/graph.svg when Graphviz's dot is installed, and the report
    to DIR/report.json. The walk runs in a child process, so a reducer that traps is reported as
    a crash and the walk starts again, stepping around it: a crash is one finding however many
    screens reach it (the same trap by the same use), and its use is not taken again on a screen
    of the same shape (numbers and signs masked). Whatever limit ends the walk (steps, time,
    restarts), everything found so far is reported, with a line saying which limit ended it.

    Past one machine: N shards (--shard K/N, or a CI engine's variables) walk the graph one walk
    of the same depth and seed walks, each a part of it. Every shard walks the screens nearest
    the launch; the first depth with at least 32 screens per shard is dealt among them (sorted
    by place and a hash of each screen, round-robin), and each explores the screens under its
    own. Each shard writes its report (DIR/report.json, DIR/graph.json) as it goes, so a killed
    shard leaves what it found.
    `explore merge` joins the shards' reports into one: the screens and transitions of them all,
    each finding once with its shortest repro, and which shards are missing.

    On a terminal, a progress line shows the steps, the distinct screens, the screens still to
    explore, the findings and the steps a second; the JSON report carries the same figures.

    options:
      --preview NAME         walk from a #Preview (by its name, or File.swift:LINE when it has
                             none) instead of a feature: the same as FEATURE preview:NAME
      --steps N              the most steps, replays included (default 2000)
      --depth N              explore screens at most N steps from the launch (default 8)
      --seed S               orders each screen's uses: the same seed gives the same walk
                             (default: drawn at random, and printed for replay)
      --strategy NAME        bfs (default), dfs or random
      --time-step SECONDS    virtual time moved after each step (default 1); at the end of a run
                             time moves on until pending timers have fired
      --invariants FILE.lua  navd.invariant(name, function(state) … end) predicates, checked
                             after every step
      --out DIR              where the repros and the graph go (default explore-FEATURE)
      --output FORMAT        text (default) or json, on standard output
      --step-timeout SECONDS a step that takes longer is a hang: the walk is killed and the
                             steps that led there reported as a crash (default 60)
      --time-limit SECONDS   take no step and shrink nothing after this long, and report what
                             was found so far (default: no limit)
      --restarts N           the most walks that may crash or hang and start again (default 20);
                             then the walk ends with a report
      --in-process           walk in this process: a crash ends the command
    \(CIShard.help(column: 23))
      --help                 print this help

    merge:
      REPORT…                the shards' directories (or their report.json files)
      --out DIR              where the merged report, graph and repros go (default
                             explore-merged)
      --output FORMAT        text (default) or json, on standard output

    Exit status: 0 when nothing was found, 1 when something was, 2 on a usage error, 3 when the
    walk could not run at all (no report); merge: 3 when the reports cannot be merged (shards of
    different builds or options: nothing is written), 4 when a shard is missing or did not finish
    (the rest is merged and written).
    """
  }

  /// Runs the command; returns the exit status.
  static func run(_ arguments: [String], features: [NavFeature]) -> Int32 {
    if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
      print(usage)
      return 0
    }
    if arguments.first == "merge" {
      return ExploreMergeCommand.run(Array(arguments.dropFirst()))
    }
    let invocation: Invocation
    let feature: ScriptFeature
    do throws(UsageError) {
      invocation = try parse(arguments, environment: ProcessInfo.processInfo.environment)
      guard
        let found = ScriptFeature.named(invocation.feature, in: features.map(\.scriptFeature))
      else {
        throw UsageError(
          message: "no feature named '\(invocation.feature)'; the features are "
            + features.map(\.name).joined(separator: ", ")
            + (invocation.feature.hasPrefix(ScriptFeature.previewPrefix)
              ? " (previews: \(Program.name) features --previews)" : ""))
      }
      feature = found
    } catch {
      standardError(
        "\(Program.name) explore: \(error.message)\n"
          + "Run \(Program.name) explore --help for usage.")
      return 2
    }
    if let replay = invocation.replay {
      return ExploreWorker.replay(file: replay, feature: feature, options: invocation.options)
    }
    if invocation.worker {
      return ExploreWorker.walk(invocation, feature: feature)
    }
    return explore(invocation, feature: feature)
  }

  /// Explores, writes the files, renders the graph and prints the report.
  private static func explore(_ invocation: Invocation, feature: ScriptFeature) -> Int32 {
    let directory = invocation.directory ?? defaultDirectory(invocation.feature)
    let replay = replayCommand(invocation)
    if let shard = invocation.shard, shard.source != "--shard" {
      standardError("\(Program.name) explore: shard \(shard.fraction) from \(shard.source)")
    }
    let progress = ExploreProgressLine(
      feature: invocation.feature, shard: invocation.shard?.fraction)
    let started = ContinuousClock.now
    var report: ExploreReport
    do {
      // A report of an earlier walk must not pass for this one's, should this one be killed
      // before its first checkpoint.
      ExploreCheckpoint.clear(directory)
      if invocation.inProcess {
        var checkpoint = ExploreCheckpoint(directory: directory)
        var explorer: Explorer?
        explorer = try Explorer(feature: feature, options: invocation.options) { event in
          guard case .progress(let figures) = event, let explorer else { return }
          progress.show(figures)
          checkpoint.write(explorer)
        }
        report = try explorer!.run()
          .written(to: directory, command: replay, options: invocation.options)
        ExploreCheckpoint.writeGraph(explorer!.graphRecord, in: directory)
      } else {
        report = try ExploreSupervisor(
          invocation: invocation, directory: directory, replayCommand: replay,
          progress: progress
        ).run()
      }
    } catch {
      progress.finish()
      standardError("\(Program.name) explore: \(error)")
      return couldNotRun
    }
    progress.finish()
    report.build = BuildIdentity.current
    report.timing = ExploreReport.Timing(
      steps: report.steps, elapsed: ContinuousClock.now - started)
    let rendered = publish(report, in: directory, replay: replay, json: invocation.json)
    if report.ended != .complete {
      standardError("\(Program.name) explore: the walk ended early: \(report.ended.sentence)")
    }
    if !rendered {
      standardError(
        "\(Program.name) explore: graph.svg not rendered: Graphviz's dot is not installed "
          + "(apt-get install graphviz)")
    }
    return report.findings.isEmpty ? 0 : 1
  }

  /// Draws `DIR/graph.svg`, writes `DIR/report.json`, and prints the report, as JSON or as
  /// text with the graph's files; returns whether the SVG was drawn.
  static func publish(_ report: ExploreReport, in directory: String, replay: String, json: Bool)
    -> Bool
  {
    let rendered = renderGraph(in: directory)
    writeJSON(report, in: directory)
    if json {
      print(report.json)
    } else {
      print(report.text(replay: replay))
      print("graph: \(directory)/graph.dot" + (rendered ? ", \(directory)/graph.svg" : ""))
    }
    return rendered
  }

  /// The command that runs this exploration again, seed included.
  static func replayCommand(_ invocation: Invocation) -> String {
    ([Program.name] + walkArguments(invocation)).map(shellWord).joined(separator: " ")
  }

  /// `word` as a shell reads it back: quoted when it holds more than letters, digits and
  /// `-_.:/=`.
  private static func shellWord(_ word: String) -> String {
    let plain = word.unicodeScalars.allSatisfy {
      CharacterSet.alphanumerics.contains($0) || "-_.:/=".unicodeScalars.contains($0)
    }
    return plain && !word.isEmpty
      ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Where the files of a walk of `feature` go without `--out`: `explore-FEATURE`, every
  /// character but letters, digits, `-`, `_` and `.` made `-` (a preview's `preview:Book list`
  /// explores into `explore-preview-Book-list`).
  static func defaultDirectory(_ feature: String) -> String {
    "explore-"
      + String(
        feature.unicodeScalars.map {
          CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)
            ? Character($0) : "-"
        })
  }

  /// The arguments that walk as `invocation` does: the feature and every option of the walk,
  /// the seed included (the time step when it is not the default).
  static func walkArguments(_ invocation: Invocation) -> [String] {
    let options = invocation.options
    var words = [
      "explore", invocation.feature, "--seed", "\(options.seed)", "--strategy",
      options.strategy.rawValue, "--steps", "\(options.steps)", "--depth", "\(options.depth)",
    ]
    if options.timeStep != ExploreOptions().timeStep {
      let (seconds, attoseconds) = options.timeStep.components
      words += ["--time-step", "\(Double(seconds) + Double(attoseconds) / 1e18)"]
    }
    if let file = options.invariantsFile { words += ["--invariants", file] }
    if options.restartLimit != ExploreOptions().restartLimit {
      words += ["--restarts", "\(options.restartLimit)"]
    }
    if let shard = options.shard { words += ["--shard", "\(shard)"] }
    return words
  }

  /// Writes the report's JSON to `DIR/report.json`, saying so on standard error when it cannot.
  private static func writeJSON(_ report: ExploreReport, in directory: String) {
    do {
      try report.writeJSON(in: directory)
    } catch {
      standardError("\(Program.name) explore: \(error)")
    }
  }

  /// Renders `DIR/graph.svg` with Graphviz's `dot`; returns whether it did.
  private static func renderGraph(in directory: String) -> Bool {
    guard let dot = executable(named: "dot") else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: dot)
    process.arguments = ["-Tsvg", directory + "/graph.dot", "-o", directory + "/graph.svg"]
    do {
      try process.run()
    } catch {
      return false
    }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// The path of the executable `name` on `PATH`.
  static func executable(named name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  // MARK: - Options

  /// Reads the command line of `explore`, and the shard a CI engine's variables in
  /// `environment` choose.
  static func parse(_ arguments: [String], environment: [String: String] = [:])
    throws(UsageError) -> Invocation
  {
    var invocation = Invocation()
    var shardOption: String?
    var shardTotal: Int?
    var rest = arguments[...]
    func value(for flag: String) throws(UsageError) -> String {
      guard let value = rest.popFirst() else { throw UsageError(message: "\(flag) needs a value") }
      return value
    }
    func count(for flag: String) throws(UsageError) -> Int {
      let text = try value(for: flag)
      guard let number = Int(text), number >= 0 else {
        throw UsageError(message: "\(flag) needs a whole number, got '\(text)'")
      }
      return number
    }
    var features: [String] = []
    while let argument = rest.popFirst() {
      switch argument {
      case "--steps": invocation.options.steps = try count(for: argument)
      case "--depth": invocation.options.depth = try count(for: argument)
      case "--seed":
        let text = try value(for: argument)
        guard let seed = UInt64(text) else {
          throw UsageError(message: "--seed needs a whole number from 0, got '\(text)'")
        }
        invocation.options.seed = seed
        invocation.seedGiven = true
      case "--strategy":
        let name = try value(for: argument)
        guard let strategy = ExploreOptions.Strategy(rawValue: name) else {
          throw UsageError(message: "unknown strategy '\(name)' (bfs, dfs or random)")
        }
        invocation.options.strategy = strategy
      case "--time-step":
        let text = try value(for: argument)
        guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
          throw UsageError(message: "--time-step needs seconds from 0, got '\(text)'")
        }
        invocation.options.timeStep = .nanoseconds(Int64((seconds * 1e9).rounded()))
      case "--invariants": invocation.options.invariantsFile = try value(for: argument)
      case "--out": invocation.directory = try value(for: argument)
      case "--output", "-o":
        let name = try value(for: argument)
        guard name == "text" || name == "json" else {
          throw UsageError(message: "unknown output '\(name)' (text or json)")
        }
        invocation.json = name == "json"
      case "--in-process": invocation.inProcess = true
      case "--step-timeout":
        let text = try value(for: argument)
        guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
          throw UsageError(message: "--step-timeout needs seconds above 0, got '\(text)'")
        }
        invocation.stepTimeout = .nanoseconds(Int64((seconds * 1e9).rounded()))
      case "--time-limit":
        let text = try value(for: argument)
        guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
          throw UsageError(message: "--time-limit needs seconds from 0, got '\(text)'")
        }
        invocation.options.timeLimit = .nanoseconds(Int64((seconds * 1e9).rounded()))
      case "--restarts": invocation.options.restartLimit = try count(for: argument)
      case "--worker": invocation.worker = true
      case "--known-crashes": invocation.knownCrashes = try value(for: argument)
      case "--replay": invocation.replay = try value(for: argument)
      case "--preview": features.append(ScriptFeature.previewPrefix + (try value(for: argument)))
      case "--shard": shardOption = try value(for: argument)
      case "--shard-total":
        let total = try count(for: argument)
        guard total >= 1 else { throw UsageError(message: "--shard-total needs a number from 1") }
        shardTotal = total
      default:
        if argument.hasPrefix("-") { throw UsageError(message: "unknown option '\(argument)'") }
        features.append(argument)
      }
    }
    guard features.count == 1 else {
      throw UsageError(
        message: features.isEmpty
          ? "name the feature to explore" : "explore takes one feature, got \(features.count)")
    }
    invocation.feature = features[0]
    // The worker and the replays are given the shard as --shard K/N.
    let shardEnvironment = invocation.worker || invocation.replay != nil ? [:] : environment
    invocation.shard = try CIShard.choose(
      option: shardOption, total: shardTotal, environment: shardEnvironment)
    if let shard = invocation.shard, shard.count > 1 {
      guard invocation.options.strategy == .bfs else {
        throw UsageError(message: ExploreShard.breadthFirstOnly(invocation.options.strategy))
      }
      guard invocation.seedGiven else {
        throw UsageError(
          message: "shard \(shard.fraction) needs --seed S: every shard must walk with the same "
            + "seed to walk the same graph")
      }
      invocation.options.shard = ExploreShard(index: shard.index, count: shard.count)
    }
    if !invocation.seedGiven {
      invocation.options.seed = UInt64.random(in: 0..<1_000_000)
    }
    return invocation
  }
}
