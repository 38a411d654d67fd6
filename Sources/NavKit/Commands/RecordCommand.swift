// `record FILE.lua`: attaches to a session, records the actions its clients send until N of them
// or Ctrl-C, and writes them as a spec (RecordedSpec) that `test` runs.

import Foundation
import NavClient
import NavProtocol
import Synchronization

/// Set by SIGINT while `record` listens: the recording ends and the spec is written.
private let interrupted = Atomic<Bool>(false)

/// Records a live session as a spec.
///
/// It subscribes to the session's actions and reads the state at the version it subscribed
/// from, then counts the actions clients send. When `--actions N` are in, or on Ctrl-C, or when
/// navd stops, it reads those versions' entries from `session.history` (each action with its
/// origin, clock offset and patch) and writes the spec. The effects' actions that follow the
/// last send at once (a delegate, a response) belong to it; later ones, such as a timer's next
/// tick, do not.
struct RecordCommand {
  let options: RemoteCommands.Options
  let client: RemoteClient

  /// How long after the last send its effects' own actions still belong to the recording.
  private static let settle = 0.05

  /// Records, writes the spec, and returns the exit status.
  func run() throws -> Int32 {
    guard options.positional.count == 1, let file = options.positional.first else {
      throw UsageError(message: "record needs the FILE.lua to write")
    }
    var target = JSONObject()
    if let session = options.session { target["session"] = .string(session) }
    var subscription = target
    subscription["events"] = ["action"]
    let subscribed = try client.call("subscribe", subscription)
    let session = subscribed["session"]?.stringValue ?? options.session ?? "main"
    target["session"] = .string(session)
    // The state to start from, and the version it is; the actions after it are recorded.
    let start = try client.call("store.state", target)
    let startVersion = start["version"]?.intValue ?? 0
    let feature =
      try client.call("session.list").arrayValue?
      .first { $0["name"]?.stringValue == session }?["feature"]?.stringValue ?? "?"

    interrupted.store(false, ordering: .relaxed)
    let previous = signal(SIGINT) { _ in interrupted.store(true, ordering: .relaxed) }
    defer { signal(SIGINT, previous) }
    standardError(
      "recording session \(session) (\(feature)) from version \(startVersion)"
        + (options.actions.map { " until \($0) sent action\($0 == 1 ? "" : "s")" } ?? "")
        + "; Ctrl-C to stop and write \(file)")

    var sends = 0
    var lastSendVersion: Int?
    var until: Int?
    listening: while options.actions.map({ sends < $0 }) ?? true {
      if interrupted.load(ordering: .relaxed) { break }
      guard let event = try client.nextNotification(timeout: 0.2) else { continue }
      switch event.method {
      case "event.shutdown":
        standardError("navd is stopping; writing what was recorded")
        break listening
      case "event.action":
        guard let version = event.params?["version"]?.intValue, version > startVersion else {
          continue
        }
        if event.params?["jump"] != nil {
          // A spec cannot jump: the recording ends before it.
          standardError("a jump at version \(version) ends the recording")
          until = version - 1
          break listening
        }
        var entry = target
        entry["since"] = .integer(version - 1)
        entry["limit"] = 1
        let origin = try client.call("session.history", entry)["entries"]?[0]?["origin"]?
          .stringValue
        if origin == "send" {
          sends += 1
          lastSendVersion = version
          if options.actions.map({ sends >= $0 }) ?? false {
            standardError("\(sends) sent action\(sends == 1 ? "" : "s") recorded")
          }
        }
      default:
        continue
      }
    }
    if options.actions.map({ sends >= $0 }) ?? false {
      // What the last send's effects send at once belongs to it.
      Thread.sleep(forTimeInterval: Self.settle * 2)
    }
    var entries = try self.entries(after: startVersion, until: until, target: target)
    if options.actions.map({ sends >= $0 }) ?? false, let lastSendVersion,
      let last = entries.firstIndex(where: { $0.version == lastSendVersion })
    {
      let end = entries[last].offset + Self.settle
      var cut = last + 1
      while cut < entries.count, entries[cut].origin == "effect", entries[cut].offset <= end {
        cut += 1
      }
      entries.removeSubrange(cut...)
    }
    let spec = RecordedSpec(
      feature: feature, session: session, initialState: start["state"] ?? .null,
      entries: entries, style: options.style,
      provenance: "`\(Program.name) record` on \(Self.now())")
    do {
      try Data(try spec.text().utf8).write(to: URL(fileURLWithPath: file))
    } catch let error as JSONPatchError {
      standardError("\(Program.name) record: the history did not apply: \(error)")
      return 1
    } catch {
      throw UsageError(message: "cannot write \(file): \(error.localizedDescription)")
    }
    let sent = entries.filter { $0.origin == "send" }.count
    standardError(
      "wrote \(file): \(entries.count) action\(entries.count == 1 ? "" : "s") (\(sent) sent), "
        + "\(options.style.rawValue) style")
    return 0
  }

  /// The history's entries from the version after `version` (to `until`), page by page.
  private func entries(after version: Int, until: Int?, target: JSONObject) throws
    -> [RecordedSpec.Entry]
  {
    var request = target
    request["since"] = .integer(version)
    request["limit"] = 1_000
    var entries: [RecordedSpec.Entry] = []
    while true {
      let page = try client.call("session.history", request)["entries"]?.arrayValue ?? []
      for json in page {
        if let until, let version = json["version"]?.intValue, version > until {
          return entries
        }
        if json["origin"]?.stringValue == "jump" { return entries }
        if let entry = try RecordedSpec.Entry(history: json) { entries.append(entry) }
      }
      guard page.count == 1_000, let sequence = page.last?["sequence"]?.intValue else {
        return entries
      }
      request["since"] = nil
      request["after"] = .integer(sequence)
    }
  }

  /// The time now, as the spec's comment gives it.
  private static func now() -> String {
    ISO8601DateFormatter().string(from: Date())
  }
}
