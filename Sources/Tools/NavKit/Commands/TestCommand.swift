// TestCommand: `HOST test` — runs Lua scenarios against the host's features, in process.

import Foundation
import NavScript

/// `HOST test [options] [paths…]`: Lua scenarios (`*_spec.lua`) run locally.
enum TestCommand {
  /// The options, one per line, as `--help` and the host's overview list them.
  static let options = """
      --filter PATTERN          run only scenarios whose full name matches (a Lua pattern)
      --tags TAG[,TAG…]         run only scenarios tagged #TAG in their names
      --exclude-tags TAG[,TAG…] skip scenarios tagged #TAG
      --output FORMAT           text (default), tap, junit or json, on standard output
      --junit FILE              also write a JUnit XML report to FILE
      -j, --jobs N              run N scenario files at once (default 1)
    \(CIShard.help(column: 26))
      --split-by-timings JUNIT  cut the shard by the times an earlier run's JUnit report
                                recorded, so that shards take about as long, instead of
                                taking every N-th scenario
      --files-from FILE         also run the paths listed in FILE, one a line (- for stdin,
                                as CircleCI hands a runner its files)
      --repeat N                run the selection N times; a scenario that passes and fails
                                across the runs is reported as flaky
      --shuffle                 run files, and scenarios within a file, in a random order
      --seed S                  the shuffle's seed (default: drawn, and printed for replay)
      --fail-fast               start no scenario after the first failure
      --list                    list the selected scenarios, do not run them
      --budget N                fail a scenario after about N Lua VM instructions
      --no-progress             no per-scenario progress lines
      --help                    print this help
    """

  /// `HOST test --help`.
  static var usage: String {
    """
    usage: \(Program.name) test [options] [paths…]

    Run Lua scenarios (*_spec.lua files; directories are searched; default: specs/, else
    scenarios/) against the features of \(Program.name), in this process, on a virtual clock.

    options:
    \(options)

    Under Bazel, it also touches TEST_SHARD_STATUS_FILE (it shards) and writes JUnit to
    XML_OUTPUT_FILE when no --junit is given.

    Exit status: 0 when every selected scenario passed, 1 when one failed or none was selected,
    2 on a usage error.
    """
  }

  /// Runs the scenarios `arguments` select; returns the exit status.
  static func run(_ arguments: [String], features: [NavFeature]) -> Int32 {
    if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
      print(usage)
      return 0
    }
    do {
      let environment = ProcessInfo.processInfo.environment
      let options = try parse(arguments, environment: environment)
      // Bazel's sharding protocol: a runner that shards says so by touching this file.
      if options.shard != nil, let status = environment["TEST_SHARD_STATUS_FILE"],
        !status.isEmpty
      {
        if !FileManager.default.createFile(atPath: status, contents: nil) {
          standardError("\(Program.name) test: cannot touch TEST_SHARD_STATUS_FILE \(status)")
        }
      }
      return ScenarioRunner(options: options, features: features.map(\.scriptFeature)).run()
    } catch {
      standardError(
        "\(Program.name) test: \(error.message)\nRun \(Program.name) test --help for usage.")
      return 2
    }
  }

  /// Reads the options of `test`, and what a CI engine's `environment` says of the shard and
  /// the report.
  static func parse(
    _ arguments: [String], environment: [String: String] = [:],
    readFile: (String) -> String? = TestCommand.readList
  ) throws(UsageError) -> ScenarioOptions {
    func readData(_ file: String) -> Data? { readFile(file).map { Data($0.utf8) } }
    var options = ScenarioOptions()
    var paths: [String] = []
    var shardOption: String?
    var shardTotal: Int?
    var rest = arguments[...]
    func value(for flag: String) throws(UsageError) -> String {
      guard let value = rest.popFirst() else { throw UsageError(message: "\(flag) needs a value") }
      return value
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--filter": options.filter = try value(for: argument)
      case "--tags", "-t":
        options.tags += try value(for: argument).split(separator: ",").map(String.init)
      case "--exclude-tags":
        options.excludeTags += try value(for: argument).split(separator: ",").map(String.init)
      case "--output", "-o":
        let name = try value(for: argument)
        guard let output = ScenarioOptions.Output(rawValue: name) else {
          throw UsageError(message: "unknown output '\(name)' (text, tap, junit or json)")
        }
        options.output = output
      case "--junit": options.junitFile = try value(for: argument)
      case "-j", "--jobs":
        let text = try value(for: argument)
        guard let jobs = Int(text), jobs >= 1 else {
          throw UsageError(message: "\(argument) needs a positive number, got '\(text)'")
        }
        options.jobs = jobs
      case "--shard": shardOption = try value(for: argument)
      case "--shard-total":
        let text = try value(for: argument)
        guard let total = Int(text), total >= 1 else {
          throw UsageError(message: "--shard-total needs a number from 1, got '\(text)'")
        }
        shardTotal = total
      case "--split-by-timings":
        let file = try value(for: argument)
        guard let data = readData(file) else {
          throw UsageError(message: "cannot read the timings report \(file)")
        }
        do throws(ScenarioTimingsError) {
          options.timings = try ScenarioTimings(junit: data)
        } catch {
          throw UsageError(message: "--split-by-timings \(file): \(error.message)")
        }
      case "--files-from":
        let file = try value(for: argument)
        guard let text = readFile(file) else {
          throw UsageError(message: "cannot read the file list \(file)")
        }
        paths += text.split(whereSeparator: \.isNewline).map {
          $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
      case "--repeat":
        let text = try value(for: argument)
        guard let count = Int(text), count >= 1 else {
          throw UsageError(message: "--repeat needs a number from 1, got '\(text)'")
        }
        options.repeatCount = count
      case "--shuffle": options.shuffle = true
      case "--seed":
        let text = try value(for: argument)
        guard let seed = UInt64(text) else {
          throw UsageError(message: "--seed needs a whole number from 0, got '\(text)'")
        }
        options.seed = seed
        options.shuffle = true
      case "--fail-fast": options.failFast = true
      case "--list": options.list = true
      case "--no-progress": options.progress = false
      case "--budget":
        let text = try value(for: argument)
        guard let budget = Int(text), budget > 0 else {
          throw UsageError(message: "--budget needs a positive number, got '\(text)'")
        }
        options.instructionBudget = budget
      default:
        if argument.hasPrefix("-") { throw UsageError(message: "unknown option '\(argument)'") }
        paths.append(argument)
      }
    }
    if paths.isEmpty {
      paths = [FileManager.default.fileExists(atPath: "specs") ? "specs" : "scenarios"]
    }
    options.paths = paths
    if let shard = try CIShard.choose(
      option: shardOption, total: shardTotal, environment: environment)
    {
      options.shard = (shard.index, shard.count)
      if shardOption == "auto" {
        standardError("\(Program.name) test: shard \(shard.fraction) from \(shard.source)")
      }
    }
    if options.timings != nil, options.shard == nil {
      throw UsageError(
        message: "--split-by-timings needs a shard: --shard K/N, or a CI engine's variables")
    }
    if options.junitFile == nil, let file = environment["XML_OUTPUT_FILE"], !file.isEmpty {
      options.junitFile = file
    }
    return options
  }

  /// The text of a file list, `-` being standard input.
  static func readList(_ file: String) -> String? {
    let data =
      file == "-"
      ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: file)
    return data.map { String(decoding: $0, as: UTF8.self) }
  }
}
