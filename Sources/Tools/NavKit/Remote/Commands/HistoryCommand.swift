// `history`: the session's history — each action, who sent it, when, what it changed — and,
// with --follow, the entries as they come.

import Foundation
import NavClient
import NavProtocol

/// Prints the history's entries, a line each; with `--follow`, goes on as actions come, until
/// Ctrl-C or a graceful stop of navd.
enum HistoryCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    history
    the session's history: each action, who sent it, when, what it changed
      --limit N  the last N entries (default 20)
      --since V  the entries after version V
      --follow   go on printing entries as they come, until Ctrl-C
    """

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    guard invocation.arguments.isEmpty else {
      throw UsageError(message: "history takes no arguments")
    }
    let options = invocation.options
    let client = invocation.client
    let params = invocation.params
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
