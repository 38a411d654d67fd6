// `record FILE.lua`: attaches to a session, records the actions its clients send until N of them
// or Ctrl-C, and writes them as a spec (RecordedSpec) that `test` runs.

import Foundation
import NavClient
import NavProtocol

/// Records a live session as a spec.
///
/// It subscribes to the session's actions, then takes the state together with the sequence
/// number of the last entry of the session's history: what came after that entry is recorded.
/// Entries are followed by sequence number, not version, because an action that changes nothing
/// keeps the version it came at. On each action it reads the new entries and counts those
/// clients sent; when `--actions N` are in, or on Ctrl-C, or when navd stops, it writes the
/// spec. The actions the effects send at once after the last send (a delegate, a response)
/// belong to it; later ones, such as a timer's next tick, do not.
struct RecordCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    record FILE.lua
    record what clients send, until N or Ctrl-C, as a spec that test runs
      --actions N  stop after N actions sent by clients
      --style S    test-store (each change asserted; default) or launch (the end state)
    """

  let options: RemoteOptions
  let client: RemoteClient

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    try RecordCommand(options: invocation.options, client: invocation.client).run()
  }

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
    // A daemon run with --history 0 keeps no entry to record from: say so now, not never.
    var probe = target
    probe["limit"] = 0
    if try client.call("session.history", probe)["capacity"]?.intValue == 0 {
      standardError(
        "\(Program.name) record: session \(session) keeps no history (navd runs with --history 0), "
          + "so nothing can be recorded; restart navd with --history N (default 10000)")
      return 1
    }
    let (state, start) = try startingPoint(target)
    let feature =
      try client.call("session.list").arrayValue?
      .first { $0["name"]?.stringValue == session }?["feature"]?.stringValue ?? "?"

    return try Interruption.catching {
      standardError(
        "recording session \(session) (\(feature)) from version \(state.version)"
          + (options.actions.map { " until \($0) sent action\($0 == 1 ? "" : "s")" } ?? "")
          + "; Ctrl-C to stop and write \(file)")
      var recorded: [RecordedSpec.Entry] = []
      /// The positions in `recorded` of the actions clients sent.
      var sends: [Int] = []
      var cursor = start
      var jumped = false
      /// Takes in the entries after `cursor`, up to a jump.
      func readEntries() throws {
        guard !jumped else { return }
        for json in try self.entries(after: &cursor, target: target) {
          guard let entry = try RecordedSpec.Entry(history: json) else {
            // A spec cannot jump: the recording ends before it.
            standardError("a jump ends the recording")
            jumped = true
            return
          }
          if entry.origin == "send" { sends.append(recorded.count) }
          recorded.append(entry)
        }
      }
      var complete: Bool { options.actions.map { sends.count >= $0 } ?? false }
      while !complete, !jumped, !Interruption.happened {
        guard let event = try client.nextNotification(timeout: 0.2) else { continue }
        if event.method == "event.shutdown" {
          standardError("navd is stopping; writing what was recorded")
          break
        }
        if event.method == "event.action" { try readEntries() }
      }
      // What the last send's effects send at once belongs to it: wait for it, then cut there.
      if complete { Thread.sleep(forTimeInterval: Self.settle * 2) }
      try readEntries()
      var entries = recorded
      if let actions = options.actions, sends.count >= actions {
        let last = sends[actions - 1]
        let end = recorded[last].offset + Self.settle
        var cut = last + 1
        while cut < recorded.count, recorded[cut].origin == "effect", recorded[cut].offset <= end {
          cut += 1
        }
        entries = Array(recorded[..<cut])
        standardError("\(actions) sent action\(actions == 1 ? "" : "s") recorded")
      }
      let spec = RecordedSpec(
        feature: feature, session: session, initialState: state.value, entries: entries,
        style: options.style, provenance: "`\(Program.name) record` on \(Self.now())")
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
  }

  /// The state to start from and the sequence number of the history's last entry, read so that
  /// no entry that changed the state falls between them.
  ///
  /// The last entry's number is read before and after the state, again until the two agree: an
  /// entry that changed nothing may still come between, and the spec then starts from the state
  /// before it, which is the state after it too.
  private func startingPoint(_ target: JSONObject) throws -> (
    state: (value: JSONValue, version: Int), sequence: Int
  ) {
    func lastSequence() throws -> Int {
      var request = target
      request["limit"] = 1
      let history = try client.call("session.history", request)
      return history["entries"]?[0]?["sequence"]?.intValue ?? 0
    }
    for _ in 0..<100 {
      let before = try lastSequence()
      let state = try client.call("store.state", target)
      if try lastSequence() == before {
        return ((state["state"] ?? .null, state["version"]?.intValue ?? 0), before)
      }
    }
    throw RemoteError.protocolError(
      "the session changes too fast to find a state to start recording from")
  }

  /// The history's entries after sequence number `cursor`, oldest first, page by page.
  ///
  /// Moves `cursor` past them. Fails when the history no longer holds the entry after `cursor`.
  private func entries(after cursor: inout Int, target: JSONObject) throws -> [JSONValue] {
    var entries: [JSONValue] = []
    while true {
      var request = target
      request["after"] = .integer(cursor)
      request["limit"] = 1_000
      let page = try client.call("session.history", request)["entries"]?.arrayValue ?? []
      if let first = page.first?["sequence"]?.intValue, first != cursor + 1 {
        throw RemoteError.protocolError(
          "the session's history no longer holds the actions after #\(cursor) (it keeps the "
            + "last --history entries): record fewer actions, or run navd with a longer history")
      }
      entries += page
      guard let last = page.last?["sequence"]?.intValue else { return entries }
      cursor = last
      if page.count < 1_000 { return entries }
    }
  }

  /// The time now, as the spec's comment gives it.
  static func now() -> String {
    ISO8601DateFormatter().string(from: Date())
  }
}
