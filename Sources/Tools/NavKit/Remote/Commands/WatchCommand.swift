// `watch`: the session's events printed as they come.

import Foundation
import NavProtocol

/// Subscribes to the session's events and prints each as it comes, until `--count` of them,
/// `--timeout`, Ctrl-C or a graceful stop of navd.
enum WatchCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    watch
    print the session's events as they come; a graceful stop of navd ends it
      --events a,s,w,n  which: action, state, warning, navigation (default a,s,w)
      --count N         stop after N events
      --timeout S       stop after S seconds
    """

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    let options = invocation.options
    var params = invocation.params
    if let events = options.events {
      // Initials stand for the events: a, s, w, n.
      let names = ["a": "action", "s": "state", "w": "warning", "n": "navigation"]
      params["events"] = .array(events.map { .string(names[$0] ?? $0) })
    }
    let subscription = try invocation.client.call("subscribe", params)
    if !options.json {
      standardError(
        "watching session \(subscription["session"]?.stringValue ?? "?") from version "
          + "\(subscription["version"]?.intValue ?? 0); Ctrl-C to stop")
    }
    let deadline = options.timeout.map { Date() + $0 }
    var seen = 0
    while options.count.map({ seen < $0 }) ?? true {
      let remaining = deadline.map { max(0, $0.timeIntervalSinceNow) }
      guard let event = try invocation.client.nextNotification(timeout: remaining) else {
        return 0
      }
      if event.method == "event.shutdown" {
        // A graceful stop: say why, and end as watching ends.
        standardError(
          "navd is stopping: \(event.params?["reason"]?.stringValue ?? "no reason given")")
        return 0
      }
      seen += 1
      if options.json {
        RemoteCommands.output(event.json)
      } else {
        RemoteCommands.emit(line(of: event))
      }
    }
    return 0
  }

  /// An event as a line: its method, the version, and what it carries.
  private static func line(of event: RPCRequest) -> String {
    let params = event.params ?? .null
    let version = params["version"]?.intValue.map { " v\($0)" } ?? ""
    if event.method == "event.navigation" {
      let trail = (params["trail"]?.arrayValue ?? []).compactMap(\.stringValue)
      return "\(event.method)\(version) \(trail.joined(separator: " › "))"
    }
    let detail = params["action"] ?? params["patch"] ?? params["message"] ?? .null
    return "\(event.method)\(version) \(RemoteCommands.line(detail))"
  }
}
