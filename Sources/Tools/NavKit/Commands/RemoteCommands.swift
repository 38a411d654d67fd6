// The commands against a running navd, navctl's and every NavHost's: status, sessions, send,
// state, await, eval, run, attach, watch, the screen commands (screen, tap, type, back) and the
// devtools (history, jump, export, open, record: DevtoolsCommands.swift, RecordCommand.swift).

import Foundation
import NavClient
import NavProtocol

/// The remote commands and their shared options (`--socket`, `--session`, `--json`).
enum RemoteCommands {
  static var names: Set<String> { Set(commands.keys) }

  /// One remote command: how it is called, what it does, and the options it takes beyond the
  /// shared `--socket`, `--session` and `--json`.
  struct Command {
    /// The arguments after the command's name, as its usage line shows them.
    var arguments: String
    /// What it does, in a sentence.
    var summary: String
    /// Its own options, with their values' names (`""` for a flag without a value).
    var options: [(name: String, value: String, help: String)] = []
  }

  /// The options every remote command takes.
  static let sharedOptions: [(name: String, value: String, help: String)] = [
    ("--socket", "PATH", "navd's control socket (default: $NAVD_SOCKET, else navd's default)"),
    ("--session", "NAME", "the session (default: the one attached, else main, else the only one)"),
    ("--json", "", "print navd's answers as JSON, and errors as a JSON object on stdout"),
    ("--help", "", "print this help"),
  ]

  static let commands: [String: Command] = [
    "status": Command(arguments: "", summary: "the daemon's version, uptime, sessions and clients"),
    "sessions": Command(arguments: "", summary: "the sessions, their features and versions"),
    "send": Command(
      arguments: "ACTION [ARGS…]",
      summary: "send an action: a path such as \"incrementButtonTapped\", or a JSON object; ARGS "
        + "are its payload (JSON, or else strings)"),
    "state": Command(
      arguments: "[PATH]", summary: "print the state, or the part at PATH (destination.counter)"),
    "await": Command(
      arguments: "EXPR",
      summary: "wait until the Lua expression EXPR over the state s holds",
      options: [("--timeout", "S", "give up after S seconds (default 10)")]),
    "eval": Command(
      arguments: "CODE | -",
      summary: "run Lua in your own state on the daemon (- reads it from stdin); `session` is the "
        + "session"),
    "run": Command(
      arguments: "FILE.lua",
      summary: "run a Lua file in the daemon, its prints streamed back as it runs"),
    "attach": Command(
      arguments: "",
      summary: "an interactive Lua prompt on the session (history in ~/.navctl_history)"),
    "watch": Command(
      arguments: "",
      summary: "print the session's events as they come; a graceful stop of navd ends it",
      options: [
        ("--events", "a,s,w,n", "which: action, state, warning, navigation (default a,s,w)"),
        ("--count", "N", "stop after N events"),
        ("--timeout", "S", "stop after S seconds"),
      ]),
    "screen": Command(
      arguments: "",
      summary: "print the session's screens as its headless view shows them, the frontmost marked",
      options: [("--frontmost", "", "print only the frontmost screen")]),
    "tap": Command(
      arguments: "LABEL",
      summary: "tap the control labelled LABEL on the frontmost screen",
      options: [
        ("--role", "R", "the control's role (cancel, destructive) when labels repeat"),
        ("--index", "N", "the N-th control with the label (from 1)"),
      ]),
    "type": Command(
      arguments: "FIELD TEXT", summary: "type TEXT into the text field labelled FIELD"),
    "back": Command(
      arguments: "", summary: "go back: pop the top screen, or dismiss what is presented"),
    "history": Command(
      arguments: "",
      summary: "the session's history: each action, who sent it, when, what it changed",
      options: [
        ("--limit", "N", "the last N entries (default 20)"),
        ("--since", "V", "the entries after version V"),
        ("--follow", "", "go on printing entries as they come, until Ctrl-C"),
      ]),
    "jump": Command(
      arguments: "VERSION",
      summary: "restore VERSION's state as a new version, cancelling effects in flight"),
    "export": Command(
      arguments: "FILE",
      summary: "write the session's replay document to FILE (- for standard output)"),
    "open": Command(
      arguments: "NAME",
      summary: "open session NAME, of a feature or replaying an exported document",
      options: [
        ("--feature", "F", "the feature it runs (default: the daemon's first)"),
        ("--replay", "FILE", "replay this document into it, on the virtual clock"),
      ]),
    "record": Command(
      arguments: "FILE.lua",
      summary: "record what clients send, until N or Ctrl-C, as a spec that test runs",
      options: [
        ("--actions", "N", "stop after N actions sent by clients"),
        ("--style", "S", "test-store (each change asserted; default) or launch (the end state)"),
      ]),
  ]

  /// The help of `command`: its usage line, what it does, its options.
  static func help(_ name: String) -> String {
    guard let command = commands[name] else { return "" }
    let options = command.options + sharedOptions
    let width =
      options.map { $0.name.count + ($0.value.isEmpty ? 0 : $0.value.count + 1) }
      .max() ?? 0
    var lines = [
      "usage: \(Program.name) \(name)\(command.arguments.isEmpty ? "" : " " + command.arguments) [options]",
      "",
    ]
    lines += wrapped(command.summary.prefix(1).uppercased() + command.summary.dropFirst() + ".")
    lines += ["", "options:"]
    for option in options {
      let flag = option.name + (option.value.isEmpty ? "" : " " + option.value)
      lines.append(
        "  " + flag.padding(toLength: width + 2, withPad: " ", startingAt: 0) + option.help)
    }
    lines.append("")
    lines += wrapped(
      "Exit status: 0 on success, 1 when navd answers with an error, 2 on a usage error, 3 when "
        + "navd cannot be reached.")
    return lines.joined(separator: "\n")
  }

  struct Options {
    var socketPath = defaultSocketPath(ProcessInfo.processInfo.environment)
    var session: String?
    var json = false
    var timeout: Double?
    var events: [String]?
    var role: String?
    var index: Int?
    var count: Int?
    var frontmost = false
    var follow = false
    var limit: Int?
    var since: Int?
    var feature: String?
    var replay: String?
    var actions: Int?
    var style = RecordedSpec.Style.testStore
    var help = false
    var positional: [String] = []
  }

  /// Where navd listens by default: `$NAVD_SOCKET`, else where navd itself puts it, else the
  /// system daemon's socket.
  static func defaultSocketPath(_ environment: [String: String]) -> String {
    if let path = environment["NAVD_SOCKET"], !path.isEmpty { return path }
    return ControlSocket.clientPath(environment: environment) {
      FileManager.default.fileExists(atPath: $0)
    }
  }

  /// Reads `command`'s arguments: its own options and the shared ones anywhere, the rest
  /// positional.
  ///
  /// An option `command` does not take is a usage error (a negative number, such as a payload of
  /// -1, is an argument; so is everything after `--`).
  static func parse(_ arguments: [String], for command: String) throws(UsageError)
    -> Options
  {
    let accepted = Set(((commands[command]?.options ?? []) + sharedOptions).map(\.name))
    var options = Options()
    var rest = arguments[...]
    func value(for flag: String) throws(UsageError) -> String {
      guard let value = rest.popFirst() else {
        throw UsageError(message: "\(flag) needs a value")
      }
      return value
    }
    func count(for flag: String) throws(UsageError) -> Int {
      let text = try value(for: flag)
      guard let count = Int(text), count >= 1 else {
        throw UsageError(message: "\(flag) needs a number from 1, got '\(text)'")
      }
      return count
    }
    while let argument = rest.popFirst() {
      if argument.hasPrefix("-"), argument != "-", argument != "--", Double(argument) == nil,
        !accepted.contains(argument), argument != "-h"
      {
        throw UsageError(message: "unknown option '\(argument)'")
      }
      switch argument {
      case "-h", "--help": options.help = true
      case "--frontmost": options.frontmost = true
      case "--socket": options.socketPath = try value(for: argument)
      case "--session": options.session = try value(for: argument)
      case "--json": options.json = true
      case "--timeout":
        let text = try value(for: argument)
        guard let seconds = Double(text), seconds >= 0 else {
          throw UsageError(message: "--timeout needs seconds, got '\(text)'")
        }
        options.timeout = seconds
      case "--events":
        options.events = try value(for: argument).split(separator: ",").map(String.init)
      case "--count": options.count = try count(for: argument)
      case "--role": options.role = try value(for: argument)
      case "--follow": options.follow = true
      case "--limit": options.limit = try count(for: argument)
      case "--actions": options.actions = try count(for: argument)
      case "--since":
        let text = try value(for: argument)
        guard let version = Int(text), version >= 0 else {
          throw UsageError(message: "--since needs a version from 0, got '\(text)'")
        }
        options.since = version
      case "--feature": options.feature = try value(for: argument)
      case "--replay": options.replay = try value(for: argument)
      case "--style":
        let text = try value(for: argument)
        guard let style = RecordedSpec.Style(rawValue: text) else {
          throw UsageError(message: "--style is test-store or launch, got '\(text)'")
        }
        options.style = style
      case "--index": options.index = try count(for: argument)
      case "--":
        options.positional += rest
        rest = []
      default:
        options.positional.append(argument)
      }
    }
    return options
  }

  /// Runs `command`; returns the exit status.
  static func run(_ command: String, _ arguments: [String]) -> Int32 {
    let options: Options
    do {
      options = try parse(arguments, for: command)
    } catch {
      standardError(
        "\(Program.name) \(command): \(error.message)\nRun \(Program.name) \(command) --help for usage."
      )
      return 2
    }
    if options.help {
      print(help(command))
      return 0
    }
    do {
      let client = try RemoteClient(socketPath: options.socketPath)
      return try perform(command, options, client)
    } catch let error as RemoteError {
      standardError("\(Program.name) \(command): \(error)")
      if options.json { output(errorObject(error)) }
      return error.exitStatus
    } catch let error as UsageError {
      standardError(
        "\(Program.name) \(command): \(error.message)\nRun \(Program.name) --help for usage.")
      return 2
    } catch {
      standardError("\(Program.name) \(command): \(error)")
      return 1
    }
  }

  private static func perform(_ command: String, _ options: Options, _ client: RemoteClient) throws
    -> Int32
  {
    var params: JSONObject = [:]
    if let session = options.session { params["session"] = .string(session) }
    let arguments = options.positional
    switch command {
    case "status":
      let status = try client.call("navd.status")
      if options.json { return output(status) }
      print(
        "navd \(status["version"]?.stringValue ?? "?"), up \(status["uptime"]?.doubleValue ?? 0) s, "
          + "\(status["sessions"]?.intValue ?? 0) session(s), \(status["clients"]?.intValue ?? 0) "
          + "client(s)")
      let unsaved = status["unsaved"]?.arrayValue?.compactMap(\.stringValue) ?? []
      if !unsaved.isEmpty {
        print("unsaved (the last save failed): " + unsaved.joined(separator: ", "))
      }
      return 0
    case "sessions":
      let sessions = try client.call("session.list")
      if options.json { return output(sessions) }
      for session in sessions.arrayValue ?? [] {
        print(
          "\(session["name"]?.stringValue ?? "?")\t\(session["feature"]?.stringValue ?? "?")\t"
            + "version \(session["version"]?.intValue ?? 0)\t"
            + "\(session["subscribers"]?.intValue ?? 0) subscriber(s)"
            + (session["saved"]?.boolValue == false
              ? "\tunsaved: \(session["saveError"]?.stringValue ?? "the last save failed")" : ""))
      }
      return 0
    case "send":
      guard let action = arguments.first else {
        throw UsageError(message: "send needs an ACTION (a path, or a JSON object)")
      }
      if action.hasPrefix("{"), let object = try? JSONParser().parse(action) {
        params["action"] = object
      } else {
        params["action"] = .string(action)
      }
      let payload = arguments.dropFirst().map(argumentValue)
      if !payload.isEmpty { params["args"] = .array(Array(payload)) }
      let result = try client.call("store.send", params)
      if options.json { return output(result) }
      print("version \(result["version"]?.intValue ?? 0)")
      return 0
    case "state":
      if let path = arguments.first { params["path"] = .string(path) }
      let result = try client.call("store.state", params)
      return output(options.json ? result : result["state"] ?? .null)
    case "await":
      guard let predicate = arguments.first else {
        throw UsageError(
          message: "await needs a Lua expression over the state s, e.g. '#s.contacts == 1'")
      }
      params["predicate"] = .string(predicate)
      params["timeout"] = .number(options.timeout ?? 10)
      let result = try client.call("store.await", params)
      if options.json { return output(result) }
      print("version \(result["version"]?.intValue ?? 0)")
      return 0
    case "eval":
      guard let code = arguments.first else {
        throw UsageError(message: "eval needs CODE, or - to read it from stdin")
      }
      let source =
        code == "-"
        ? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) : code
      if let session = options.session {
        _ = try client.call("session.attach", ["name": .string(session)])
      }
      let result = try client.call("lua.eval", ["code": .string(source)])
      if options.json { return output(result) }
      for line in result["output"]?.arrayValue ?? [] { print(line.stringValue ?? "") }
      for value in result["results"]?.arrayValue ?? [] { _ = output(value) }
      return 0
    case "run":
      guard let file = arguments.first else {
        throw UsageError(message: "run needs a FILE.lua")
      }
      guard let data = FileManager.default.contents(atPath: file) else {
        throw UsageError(message: "cannot read \(file)")
      }
      if let session = options.session {
        _ = try client.call("session.attach", ["name": .string(session)])
      }
      let request: JSONObject = [
        "code": .string(String(decoding: data, as: UTF8.self)),
        "name": .string((file as NSString).lastPathComponent), "stream": true,
      ]
      let result = try client.call("lua.eval", request) { printOutput($0) }
      if options.json { return output(result) }
      for value in result["results"]?.arrayValue ?? [] { _ = output(value) }
      return 0
    case "attach":
      return try attach(client, options)
    case "screen":
      let result = try client.call("screen.get", params)
      if options.json {
        return output(options.frontmost ? result["screen"]?["frontmost"] ?? .null : result)
      }
      print(result[options.frontmost ? "frontmostText" : "text"]?.stringValue ?? "")
      return 0
    case "tap":
      guard let label = arguments.first, arguments.count == 1 else {
        throw UsageError(
          message: "tap needs one LABEL (quote it: \(Program.name) tap \"Go to screen A\")")
      }
      params["label"] = .string(label)
      if let role = options.role { params["role"] = .string(role) }
      if let index = options.index { params["index"] = .integer(index) }
      return try screenCommand("screen.tap", params, client, options)
    case "type":
      guard arguments.count == 2 else {
        throw UsageError(message: "type needs a FIELD and a TEXT")
      }
      params["field"] = .string(arguments[0])
      params["text"] = .string(arguments[1])
      return try screenCommand("screen.type", params, client, options)
    case "back":
      return try screenCommand("screen.back", params, client, options)
    case "watch":
      if let events = options.events {
        // Initials stand for the events: a, s, w, n.
        let names = ["a": "action", "s": "state", "w": "warning", "n": "navigation"]
        params["events"] = .array(events.map { .string(names[$0] ?? $0) })
      }
      let subscription = try client.call("subscribe", params)
      if !options.json {
        standardError(
          "watching session \(subscription["session"]?.stringValue ?? "?") from version "
            + "\(subscription["version"]?.intValue ?? 0); Ctrl-C to stop")
      }
      let deadline = options.timeout.map { Date() + $0 }
      var seen = 0
      while options.count.map({ seen < $0 }) ?? true {
        let remaining = deadline.map { max(0, $0.timeIntervalSinceNow) }
        guard let event = try client.nextNotification(timeout: remaining) else { return 0 }
        if event.method == "event.shutdown" {
          // A graceful stop: say why, and end as watching ends.
          standardError(
            "navd is stopping: \(event.params?["reason"]?.stringValue ?? "no reason given")")
          return 0
        }
        seen += 1
        if options.json {
          _ = output(event.json)
        } else {
          let params = event.params ?? .null
          let version = params["version"]?.intValue.map { " v\($0)" } ?? ""
          if event.method == "event.navigation" {
            let trail = (params["trail"]?.arrayValue ?? []).compactMap(\.stringValue)
            emit("\(event.method)\(version) \(trail.joined(separator: " › "))")
            continue
          }
          var detail = params["action"] ?? params["patch"] ?? params["message"] ?? .null
          if case .string(let text) = detail { detail = .string(text) }
          emit("\(event.method)\(version) \(line(detail))")
        }
      }
      return 0
    case "history", "jump", "export", "open":
      return try DevtoolsCommands.perform(command, options, params, client)
    case "record":
      return try RecordCommand(options: options, client: client).run()
    default:
      throw UsageError(message: "unknown command \(command)")
    }
  }

  /// Uses the screen (`screen.tap`, `screen.type`, `screen.back`) and prints where the session
  /// is then: the frontmost screen and the version.
  private static func screenCommand(
    _ method: String, _ params: JSONObject, _ client: RemoteClient, _ options: Options
  ) throws -> Int32 {
    let result = try client.call(method, params)
    if options.json { return output(result) }
    var target = JSONObject()
    if let session = params["session"] { target["session"] = session }
    let screen = try client.call("screen.get", target)
    let frontmost = screen["screen"]?["frontmost"]?["name"]?.stringValue ?? "?"
    print("version \(result["version"]?.intValue ?? 0): \(frontmost)")
    return 0
  }

  /// Prints what a script printed, as its `event.output` notifications arrive.
  private static func printOutput(_ notification: RPCRequest) {
    if notification.method == "event.output" {
      emit(notification.params?["text"]?.stringValue ?? "")
    }
  }

  /// An interactive Lua prompt on the session.
  ///
  /// Each chunk runs with `lua.eval` in this client's Lua state (globals survive between chunks,
  /// locals do not); an expression's value is shown, as Lua's own prompt does. A chunk that is not
  /// complete yet (`for i = 1, 2 do`) goes on at a `>>` prompt, as in `lua` itself. On a terminal
  /// the line is edited with libedit (arrows, Ctrl-R, history recall); the history is kept in
  /// `~/.navctl_history`.
  private static func attach(_ client: RemoteClient, _ options: Options) throws -> Int32 {
    let described = try client.call(
      "session.attach", options.session.map { ["name": .string($0)] } ?? [:])
    let session = described["name"]?.stringValue ?? options.session ?? "main"
    // $HOME first, as shells and readline take it; the password database's home otherwise.
    let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
    let prompt = LinePrompt(
      historyFile: ((home ?? NSHomeDirectory()) as NSString).appendingPathComponent(
        ".navctl_history"))
    standardError(
      "attached to \(session) (\(described["feature"]?.stringValue ?? "?"), version "
        + "\(described["version"]?.intValue ?? 0)); `session` is its handle. Ctrl-D to leave.")
    while true {
      guard var chunk = prompt.read("navd:\(session)> ") else {
        standardError("")
        return 0
      }
      if chunk.trimmingCharacters(in: .whitespaces).isEmpty { continue }
      do {
        // Lua's own rule: a chunk whose only error is an unexpected end wants more lines.
        var form = try ChunkForm(of: chunk, client)
        while form == .incomplete {
          // Ctrl-D in an unfinished chunk leaves, as it does at the first prompt.
          guard let more = prompt.read("navd:\(session)>> ") else {
            standardError("")
            return 0
          }
          chunk += "\n" + more
          form = try ChunkForm(of: chunk, client)
        }
        prompt.remember(chunk)
        let code = form == .expression ? "return " + chunk : chunk
        let request: JSONObject = ["code": .string(code), "name": "stdin", "stream": true]
        let result = try client.call("lua.eval", request) { printOutput($0) }
        for value in result["results"]?.arrayValue ?? [] { _ = output(value) }
      } catch {
        standardError("\(error)")
        if case .disconnected = error { return error.exitStatus }
      }
    }
  }

  /// What a chunk typed at `attach` is, as Lua's own prompt tells: an expression whose value to
  /// show, a statement to run (or to report the syntax error of), or a chunk that ends too soon
  /// (an open `do`, `function`, string or parenthesis) and wants more lines.
  enum ChunkForm: String {
    case expression, statement, incomplete

    /// The form of `chunk`, found by compiling it in the client's Lua state: one round trip.
    init(of chunk: String, _ client: RemoteClient) throws(RemoteError) {
      let result = try client.call(
        "lua.eval",
        [
          "code": .string(
            "local c = ... if load('return ' .. c) then return 'expression' end "
              + "local f, e = load(c) "
              + "return (f or e:sub(-5) ~= '<eof>') and 'statement' or 'incomplete'"),
          "args": [.string(chunk)],
        ])
      self = result["results"]?[0]?.stringValue.flatMap(Self.init(rawValue:)) ?? .statement
    }
  }

  /// An error as `--json` prints it on standard output: `{"error": {code?, message, data?}}`,
  /// the JSON-RPC error when navd answered with one.
  static func errorObject(_ error: RemoteError) -> JSONValue {
    switch error {
    case .rpc(let rpc):
      var object: JSONObject = [
        "code": .integer(rpc.code.rawValue), "message": .string(rpc.message),
      ]
      if let data = rpc.data { object["data"] = data }
      return .object(["error": .object(object)])
    default:
      return .object(["error": .object(["message": .string(error.description)])])
    }
  }

  /// `text` in lines of at most `width` characters, broken between words.
  static func wrapped(_ text: String, width: Int = 96) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if !current.isEmpty, current.count + 1 + word.count > width {
        lines.append(current)
        current = ""
      }
      current += (current.isEmpty ? "" : " ") + word
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  /// A command-line payload argument: JSON when it parses as JSON, else a string.
  static func argumentValue(_ text: String) -> JSONValue {
    (try? JSONParser().parse(text)) ?? .string(text)
  }

  static func line(_ value: JSONValue) -> String {
    (try? JSONWriter(sortedKeys: true).string(value)) ?? "\(value)"
  }

  @discardableResult
  static func output(_ value: JSONValue) -> Int32 {
    emit(line(value))
    return 0
  }

  /// Writes a line to standard output at once (watch's lines must not wait in a buffer).
  static func emit(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

}
