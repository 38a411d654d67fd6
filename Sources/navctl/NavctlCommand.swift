// Parsing navctl's command line and dispatching to its subcommands.

import Foundation
import NavScript

/// The navctl command line.
enum NavctlCommand {
  static let usage = """
    usage: navctl <command> [options]

    Commands:
      test [options] [paths…]   run Lua scenarios (*_spec.lua files; directories are searched)
      features                  list the features scripts can launch
      help                      show this help

    Options of `navctl test`:
      --filter PATTERN          run only scenarios whose full name matches (a Lua pattern)
      --tags TAG[,TAG…]         run only scenarios tagged #TAG in their names
      --exclude-tags TAG[,TAG…] skip scenarios tagged #TAG
      --output FORMAT           text (default), tap, junit or json, on standard output
      --junit FILE              also write a JUnit XML report to FILE
      -j, --jobs N              run N scenario files at once (default 1)
      --shard K/N               run only the K-th of N shards (for a CI matrix)
      --list                    list the selected scenarios, do not run them
      --budget N                fail a scenario after about N Lua VM instructions
      --no-progress             no per-scenario progress lines

    Exit status: 0 when every selected scenario passed, 1 when one failed, 2 on a usage error.
    --version prints navd's version.
    """

  static func main(_ arguments: [String]) -> Int32 {
    guard let command = arguments.first else {
      FileHandle.standardError.write(Data((usage + "\n").utf8))
      return 2
    }
    switch command {
    case "-h", "--help", "help":
      print(usage)
      return 0
    case "--version", "version":
      print("navctl \(navdVersion)")
      return 0
    case "features":
      for feature in ScriptFeature.caseStudies {
        print(
          "\(feature.name.padding(toLength: 24, withPad: " ", startingAt: 0)) \(feature.summary)")
      }
      return 0
    case "test":
      do {
        let options = try parseTestOptions(Array(arguments.dropFirst()))
        return ScenarioRunner(options: options, features: ScriptFeature.caseStudies).run()
      } catch {
        FileHandle.standardError.write(
          Data("navctl test: \(error.message)\nRun navctl --help for usage.\n".utf8))
        return 2
      }
    default:
      FileHandle.standardError.write(
        Data("navctl: unknown command '\(command)'\nRun navctl --help for usage.\n".utf8))
      return 2
    }
  }

  struct UsageError: Error {
    var message: String
  }

  static func parseTestOptions(_ arguments: [String]) throws(UsageError) -> ScenarioOptions {
    var options = ScenarioOptions()
    var paths: [String] = []
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
      case "--shard":
        let text = try value(for: argument)
        let parts = text.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else {
          throw UsageError(message: "--shard needs K/N with 1 ≤ K ≤ N, got '\(text)'")
        }
        options.shard = (parts[0], parts[1])
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
    if !paths.isEmpty { options.paths = paths }
    return options
  }
}
