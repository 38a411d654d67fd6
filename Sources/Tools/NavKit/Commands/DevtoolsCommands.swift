// The devtools against a running navd: history (and --follow), jump, export, and open (with
// --replay); record is RecordCommand.swift, Ctrl-C's handling Interruption.swift.

import Foundation
import NavClient
import NavProtocol

/// `history`, `jump`, `export` and `open`: navd's devtools methods from the command line.
enum DevtoolsCommands {
  /// Runs `command` (with `params` holding the session, when one was named); returns the exit
  /// status.
  static func perform(
    _ command: String, _ options: RemoteCommands.Options, _ params: JSONObject,
    _ client: RemoteClient
  ) throws -> Int32 {
    var params = params
    let arguments = options.positional
    switch command {
    case "history":
      guard arguments.isEmpty else { throw UsageError(message: "history takes no arguments") }
      return try history(options, params, client)
    case "jump":
      guard arguments.count == 1, let version = Int(arguments[0]), version >= 0 else {
        throw UsageError(message: "jump needs one VERSION (a number from 0)")
      }
      params["version"] = .integer(version)
      let result = try client.call("session.jump", params)
      if options.json { return RemoteCommands.output(result) }
      print(
        "version \(result["version"]?.intValue ?? 0): the state of version "
          + "\(result["jumpedTo"]?.intValue ?? version)")
      return 0
    case "export":
      guard arguments.count == 1 else {
        throw UsageError(message: "export needs a FILE (- for standard output)")
      }
      let document = try client.call("session.export", params)
      let text = try JSONWriter(sortedKeys: true).string(document) + "\n"
      if arguments[0] == "-" {
        RemoteCommands.emit(text.dropLast().description)
      } else {
        do {
          try Data(text.utf8).write(to: URL(fileURLWithPath: arguments[0]))
        } catch {
          throw UsageError(message: "cannot write \(arguments[0]): \(error.localizedDescription)")
        }
        let steps = document["steps"]?.arrayValue?.count ?? 0
        standardError(
          "wrote \(arguments[0]): \(document["feature"]?.stringValue ?? "?"), \(steps) step"
            + "\(steps == 1 ? "" : "s") to version \(document["final"]?["version"]?.intValue ?? 0)")
      }
      return 0
    case "open":
      guard arguments.count == 1 else { throw UsageError(message: "open needs a session NAME") }
      var request: JSONObject = ["name": .string(arguments[0])]
      if let feature = options.feature { request["feature"] = .string(feature) }
      if let file = options.replay {
        guard
          let data = file == "-"
            ? FileHandle.standardInput.readDataToEndOfFile()
            : FileManager.default.contents(atPath: file)
        else { throw UsageError(message: "cannot read \(file)") }
        do {
          request["replay"] = try JSONParser().parse(String(decoding: data, as: UTF8.self))
        } catch {
          throw UsageError(message: "\(file) is not a replay document: \(error)")
        }
      }
      let result = try client.call("session.open", request)
      if result["created"]?.boolValue == false,
        options.replay != nil
          || options.feature.map({ $0 != result["feature"]?.stringValue }) ?? false
      {
        // session.open returns an open session as it is; a replay or another feature asked of
        // it would silently not happen.
        standardError(
          "\(Program.name) open: session \(arguments[0]) is open already, running "
            + "\(result["feature"]?.stringValue ?? "?") at version "
            + "\(result["version"]?.intValue ?? 0): close it first (session.close), or choose "
            + "another NAME")
        return 1
      }
      if options.json { return RemoteCommands.output(result) }
      print(
        "\(result["name"]?.stringValue ?? arguments[0])\t\(result["feature"]?.stringValue ?? "?")"
          + "\tversion \(result["version"]?.intValue ?? 0)"
          + (result["created"]?.boolValue == false ? "\t(it was open already)" : ""))
      return 0
    default:
      throw UsageError(message: "unknown command \(command)")
    }
  }

  /// Prints the history's entries, a line each; with `--follow`, goes on as actions come.
  private static func history(
    _ options: RemoteCommands.Options, _ params: JSONObject, _ client: RemoteClient
  ) throws -> Int32 {
    var request = params
    if let since = options.since { request["since"] = .integer(since) }
    request["limit"] = .integer(options.limit ?? (options.since == nil ? 20 : 1_000))
    var sequence: Int?
    if options.follow {
      // Subscribed first, so that no entry falls between the listing and the events.
      var subscription = params
      subscription["events"] = ["action"]
      _ = try client.call("subscribe", subscription)
    }
    let history = try client.call("session.history", request)
    for entry in history["entries"]?.arrayValue ?? [] {
      printEntry(entry, json: options.json)
      sequence = entry["sequence"]?.intValue ?? sequence
    }
    guard options.follow else { return 0 }
    // Ctrl-C ends the listing, as `watch` does: exit 0.
    return try Interruption.catching {
      while !Interruption.happened {
        guard let event = try client.nextNotification(timeout: 0.2) else { continue }
        if event.method == "event.shutdown" {
          standardError(
            "navd is stopping: \(event.params?["reason"]?.stringValue ?? "no reason given")")
          return 0
        }
        guard event.method == "event.action" else { continue }
        // The entries themselves, with origin, client, time and patch, from the history: by
        // sequence number, as an action that changes nothing keeps its version.
        var next = params
        if let sequence { next["after"] = .integer(sequence) } else { next["limit"] = .integer(1) }
        for entry in try client.call("session.history", next)["entries"]?.arrayValue ?? [] {
          printEntry(entry, json: options.json)
          sequence = entry["sequence"]?.intValue ?? sequence
        }
      }
      return 0
    }
  }

  /// One history entry: `v12  send  client 3  +4.021 s  "goToABCButtonTapped"  (3 changes)`.
  private static func printEntry(_ entry: JSONValue, json: Bool) {
    if json {
      RemoteCommands.output(entry)
      return
    }
    let version = "v\(entry["version"]?.intValue ?? 0)"
    let origin = entry["origin"]?.stringValue ?? "?"
    let client = entry["client"]?.intValue.map { "client \($0)" } ?? "-"
    let offset = String(format: "+%.3f s", entry["time"]?["offset"]?.doubleValue ?? 0)
    let what =
      origin == "jump"
      ? "jump to v\(entry["jump"]?.intValue ?? 0)"
      : RemoteCommands.line(entry["action"] ?? .null)
    let changes = entry["patch"]?.arrayValue?.count ?? 0
    RemoteCommands.emit(
      [
        version.padding(toLength: 7, withPad: " ", startingAt: 0),
        origin.padding(toLength: 7, withPad: " ", startingAt: 0),
        client.padding(toLength: 10, withPad: " ", startingAt: 0),
        offset.padding(toLength: 13, withPad: " ", startingAt: 0), what,
        "(\(changes == 0 ? "no change" : "\(changes) change\(changes == 1 ? "" : "s")"))",
      ].joined(separator: " "))
  }
}
