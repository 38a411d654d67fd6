// Parsing navctl's command line and dispatching to its subcommands.

import Foundation
import NavScript
import ScriptedCaseStudies

/// The navctl command line.
enum NavctlCommand {
  static let usage = """
    usage: navctl <command> [options]

    Local commands:
      test [options] [paths…]   run Lua scenarios (*_spec.lua files; directories are searched)
      features                  list the features scripts can launch
      help                      show this help

    Commands against a running navd (options: --socket PATH, --session NAME, --json):
      status                    the daemon's version, uptime, sessions and clients
      sessions                  the sessions, their features and versions
      send ACTION [ARGS…]       send an action (a path such as "counterButtonTapped", or a JSON
                                object); ARGS are its payload (JSON, or else strings)
      state [PATH]              print the state, or the part at PATH (e.g. destination.counter)
      await EXPR [--timeout S]  wait until the Lua expression over the state s holds (default 10 s)
      eval CODE | -             run Lua in your own state on the daemon; `session` is the session
      run FILE.lua              run a Lua file in the daemon, its prints streamed back as it runs
      attach                    an interactive Lua prompt on the session (history in
                                ~/.navctl_history)
      watch [--events a,s,w,n] [--count N] [--timeout S]
                                print the session's events (action, state, warning; navigation
                                when asked) as they come, N of them or for S seconds
      screen [--frontmost]      print the session's screens as its headless view shows them: the
                                navigation tree, the frontmost screen marked (or it alone)
      tap LABEL [--role R] [--index N]
                                tap the control labelled LABEL on the frontmost screen
      type FIELD TEXT           type TEXT into the text field labelled FIELD
      back                      go back: pop the top screen or dismiss what is presented

    Each command's own help: navctl COMMAND --help (no daemon needed). An option a command does
    not take is a usage error. Without --session, a command acts on the session attached to, else
    main, else the daemon's only session when it holds one.

    The socket is --socket, else $NAVD_SOCKET, else navd's default ($RUNTIME_DIRECTORY,
    $XDG_RUNTIME_DIR/navd, /run/navd: control.sock), falling back to the system daemon's
    /run/navd/control.sock when nothing is at the default.

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

    Exit status: 0 on success (test: every selected scenario passed); 1 when a scenario failed or
    navd answered with an error; 2 on a usage error; 3 when navd cannot be reached.
    --version prints navd's version.
    """

  /// `navctl test --help`.
  static var testUsage: String {
    let options = usage.components(separatedBy: "Options of `navctl test`:\n").last ?? ""
    let list = options.components(separatedBy: "\n\n").first ?? options
    return "usage: navctl test [options] [paths…]\n\nRun Lua scenarios (*_spec.lua files; "
      + "directories are searched).\n\noptions:\n" + list
  }

  static func main(_ arguments: [String]) -> Int32 {
    let arguments = commandFirst(arguments)
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
      if arguments.count > 1 {
        if ["-h", "--help"].contains(arguments[1]) {
          print(
            "usage: navctl features\n\nList the features scripts can launch, with their summaries.")
          return 0
        }
        FileHandle.standardError.write(
          Data("navctl features: unknown argument '\(arguments[1])'\n".utf8))
        return 2
      }
      for feature in ScriptFeature.caseStudies {
        print(
          "\(feature.name.padding(toLength: 24, withPad: " ", startingAt: 0)) \(feature.summary)")
      }
      return 0
    case "test":
      if arguments.dropFirst().contains(where: { $0 == "-h" || $0 == "--help" }) {
        print(testUsage)
        return 0
      }
      do {
        let options = try parseTestOptions(Array(arguments.dropFirst()))
        return ScenarioRunner(options: options, features: ScriptFeature.caseStudies).run()
      } catch {
        FileHandle.standardError.write(
          Data("navctl test: \(error.message)\nRun navctl --help for usage.\n".utf8))
        return 2
      }
    case let remote where RemoteCommands.names.contains(remote):
      return RemoteCommands.run(remote, Array(arguments.dropFirst()))
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

  /// The arguments with the remote commands' options that came before the command moved after
  /// it, so `navctl --socket PATH tap Save` works as `navctl tap Save --socket PATH` does.
  static func commandFirst(_ arguments: [String]) -> [String] {
    var leading: [String] = []
    var rest = arguments[...]
    while let first = rest.first, ["--socket", "--session", "--json"].contains(first) {
      leading.append(rest.removeFirst())
      if first != "--json", let value = rest.first {
        leading.append(value)
        rest.removeFirst()
      }
    }
    guard !leading.isEmpty, let command = rest.first else { return arguments }
    return [command] + leading + rest.dropFirst()
  }
}
