// navctl's commands against a running navd: status, sessions, send, state, await, eval, run,
// attach, watch, and the screen commands: screen, tap, type, back.

import Foundation
import NavClient
import NavProtocol

/// The remote commands and their shared options (`--socket`, `--session`, `--json`).
enum RemoteCommands {
  static let names: Set<String> = [
    "status", "sessions", "send", "state", "await", "eval", "run", "attach", "watch", "screen",
    "tap", "type", "back",
  ]

  struct Options {
    var socketPath = defaultSocketPath(ProcessInfo.processInfo.environment)
    var session: String?
    var json = false
    var timeout: Double?
    var events: [String]?
    var role: String?
    var index: Int?
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

  static func parse(_ arguments: [String]) throws(NavctlCommand.UsageError) -> Options {
    var options = Options()
    var rest = arguments[...]
    func value(for flag: String) throws(NavctlCommand.UsageError) -> String {
      guard let value = rest.popFirst() else {
        throw NavctlCommand.UsageError(message: "\(flag) needs a value")
      }
      return value
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--socket": options.socketPath = try value(for: argument)
      case "--session": options.session = try value(for: argument)
      case "--json": options.json = true
      case "--timeout":
        let text = try value(for: argument)
        guard let seconds = Double(text), seconds >= 0 else {
          throw NavctlCommand.UsageError(message: "--timeout needs seconds, got '\(text)'")
        }
        options.timeout = seconds
      case "--events":
        options.events = try value(for: argument).split(separator: ",").map(String.init)
      case "--role": options.role = try value(for: argument)
      case "--index":
        let text = try value(for: argument)
        guard let index = Int(text), index >= 1 else {
          throw NavctlCommand.UsageError(message: "--index needs a number from 1, got '\(text)'")
        }
        options.index = index
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
      options = try parse(arguments)
    } catch {
      standardError("navctl \(command): \(error.message)\nRun navctl --help for usage.")
      return 2
    }
    do {
      let client = try RemoteClient(socketPath: options.socketPath)
      return try perform(command, options, client)
    } catch let error as RemoteError {
      standardError("navctl \(command): \(error)")
      return error.exitStatus
    } catch let error as NavctlCommand.UsageError {
      standardError("navctl \(command): \(error.message)\nRun navctl --help for usage.")
      return 2
    } catch {
      standardError("navctl \(command): \(error)")
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
      return 0
    case "sessions":
      let sessions = try client.call("session.list")
      if options.json { return output(sessions) }
      for session in sessions.arrayValue ?? [] {
        print(
          "\(session["name"]?.stringValue ?? "?")\t\(session["feature"]?.stringValue ?? "?")\t"
            + "version \(session["version"]?.intValue ?? 0)\t"
            + "\(session["subscribers"]?.intValue ?? 0) subscriber(s)")
      }
      return 0
    case "send":
      guard let action = arguments.first else {
        throw NavctlCommand.UsageError(message: "send needs an ACTION (a path, or a JSON object)")
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
        throw NavctlCommand.UsageError(
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
        throw NavctlCommand.UsageError(message: "eval needs CODE, or - to read it from stdin")
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
        throw NavctlCommand.UsageError(message: "run needs a FILE.lua")
      }
      guard let data = FileManager.default.contents(atPath: file) else {
        throw NavctlCommand.UsageError(message: "cannot read \(file)")
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
      if options.json { return output(result) }
      print(result["text"]?.stringValue ?? "")
      return 0
    case "tap":
      guard let label = arguments.first, arguments.count == 1 else {
        throw NavctlCommand.UsageError(
          message: "tap needs one LABEL (quote it: navctl tap \"Go to screen A\")")
      }
      params["label"] = .string(label)
      if let role = options.role { params["role"] = .string(role) }
      if let index = options.index { params["index"] = .integer(index) }
      return try screenCommand("screen.tap", params, client, options)
    case "type":
      guard arguments.count == 2 else {
        throw NavctlCommand.UsageError(message: "type needs a FIELD and a TEXT")
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
      while true {
        let event = try client.nextNotification()
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
    default:
      throw NavctlCommand.UsageError(message: "unknown command \(command)")
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
  /// Each line runs with `lua.eval` in this client's Lua state (globals survive between lines,
  /// locals do not); an expression's value is shown, as Lua's own prompt does. Lines are appended
  /// to `~/.navctl_history`.
  private static func attach(_ client: RemoteClient, _ options: Options) throws -> Int32 {
    let session = options.session ?? "main"
    let described = try client.call("session.attach", ["name": .string(session)])
    let historyPath = (NSHomeDirectory() as NSString).appendingPathComponent(".navctl_history")
    if !FileManager.default.fileExists(atPath: historyPath) {
      _ = FileManager.default.createFile(atPath: historyPath, contents: nil)
    }
    let history = FileHandle(forWritingAtPath: historyPath)
    _ = try? history?.seekToEnd()
    standardError(
      "attached to \(session) (\(described["feature"]?.stringValue ?? "?"), version "
        + "\(described["version"]?.intValue ?? 0)); `session` is its handle. Ctrl-D to leave.")
    while true {
      FileHandle.standardError.write(Data("navd:\(session)> ".utf8))
      guard let line = readLine() else {
        standardError("")
        return 0
      }
      if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
      history?.write(Data((line + "\n").utf8))
      do {
        let expression = "return " + line
        let check = try client.call(
          "lua.eval",
          ["code": .string("return (load(...)) ~= nil"), "args": [.string(expression)]])
        let code = check["results"]?[0]?.boolValue == true ? expression : line
        let request: JSONObject = ["code": .string(code), "name": "stdin", "stream": true]
        let result = try client.call("lua.eval", request) { printOutput($0) }
        for value in result["results"]?.arrayValue ?? [] { _ = output(value) }
      } catch {
        standardError("\(error)")
        if case .disconnected = error { return error.exitStatus }
      }
    }
  }

  /// A command-line payload argument: JSON when it parses as JSON, else a string.
  static func argumentValue(_ text: String) -> JSONValue {
    (try? JSONParser().parse(text)) ?? .string(text)
  }

  private static func line(_ value: JSONValue) -> String {
    (try? JSONWriter(sortedKeys: true).string(value)) ?? "\(value)"
  }

  @discardableResult
  private static func output(_ value: JSONValue) -> Int32 {
    emit(line(value))
    return 0
  }

  /// Writes a line to standard output at once (watch's lines must not wait in a buffer).
  private static func emit(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  static func standardError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
