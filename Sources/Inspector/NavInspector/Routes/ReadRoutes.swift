// ReadRoutes: what the page reads — sessions, state, history, screen, actions, events — and
// what it downloads: an export, a recorded spec.

import NavClient
import NavProtocol

extension Inspector {
  /// The `GET` routes of the API; each takes `?session=`.
  static let readRoutes: [Route] = [
    .get("/api/session") { inspector, request in inspector.describe(inspector.session(of: request))
    },
    .get("/api/sessions") { inspector, _ in inspector.call("session.list", [:]) },
    .get("/api/clients") { inspector, _ in inspector.call("client.list", [:]) },
    .get("/api/state") { inspector, request in
      inspector.call("store.state", [:], session: inspector.session(of: request)) {
        $0["state"] ?? .null
      }
    },
    .get("/api/history") { inspector, request in inspector.history(request) },
    .get("/api/screen") { inspector, request in
      inspector.call("screen.get", [:], session: inspector.session(of: request))
    },
    .get("/api/actions") { inspector, request in
      inspector.call("session.actions", [:], session: inspector.session(of: request))
    },
    .get("/api/events") { inspector, request in
      let session = inspector.session(of: request)
      inspector.events.follow(session)
      let stream = EventStream()
      inspector.broadcast.add(stream, session: session)
      return .events(stream)
    },
    .get("/api/export") { inspector, request in
      let session = inspector.session(of: request)
      return inspector.call("session.export", [:], session: session)
        .adding("Content-Disposition", attachment("\(session).navd.json"))
    },
    .get("/api/record") { inspector, request in inspector.record(request) },
  ]

  /// `/api/session`: the session's name, feature, version and lock, whether the lock is this
  /// inspector's, and whether the inspector is read-only.
  private func describe(_ name: String) -> HTTPResponse {
    call("session.list", [:]) { list throws(RemoteError) in
      guard let mine = list.arrayValue?.first(where: { $0["name"]?.stringValue == name }) else {
        throw RemoteError.rpc(RPCError(.noSuchSession, message: "no session named \"\(name)\""))
      }
      var object: JSONObject = [
        "name": .string(name), "feature": mine["feature"] ?? .null,
        "version": mine["version"] ?? .null, "readOnly": .bool(security.readOnly),
        "recording": .bool(specWriter != nil), "graph": .bool(graphMaker != nil),
      ]
      if let lock = mine["lockedBy"] {
        object["lockedBy"] = lock
        let me = try navd("client.list", [:]).arrayValue?.first { $0["self"] == .bool(true) }
        object["lockedHere"] = .bool(me?["id"] != nil && me?["id"] == lock["client"])
      }
      return .object(object)
    }
  }

  /// `/api/history`: entries as `session.history` gives them (`since`, `after`, `limit`); with
  /// `filter`, only those whose action, origin or client contains it (case-insensitive), read
  /// from `after` on until `limit` match, with `scanned`, the last sequence read.
  private func history(_ request: HTTPRequest) -> HTTPResponse {
    var params: JSONObject = [:]
    for key in ["since", "after", "limit"] {
      if let text = request.query[key] {
        guard let number = Int(text), number >= 0 else {
          return .refusal(400, "\(key) must be a whole number from 0")
        }
        params[key] = .integer(number)
      }
    }
    let session = self.session(of: request)
    guard let filter = request.query["filter"]?.lowercased(), !filter.isEmpty else {
      return call("session.history", params, session: session)
    }
    let wanted = params["limit"]?.intValue ?? 200
    var after = params["after"]?.intValue ?? 0
    var matched: [JSONValue] = []
    var last: JSONValue = .null
    do throws(RemoteError) {
      while matched.count < wanted {
        let page = try navd(
          "session.history",
          ["session": .string(session), "after": .integer(after), "limit": .integer(2_000)])
        last = page
        let entries = page["entries"]?.arrayValue ?? []
        guard let final = entries.last?["sequence"]?.intValue else { break }
        for entry in entries where matched.count < wanted && Self.matches(entry, filter) {
          matched.append(entry)
        }
        after = final
        if entries.count < 2_000 { break }
      }
    } catch {
      return failure(error)
    }
    return json(
      .object([
        "entries": .array(matched), "scanned": .integer(after), "first": last["first"] ?? .null,
        "last": last["last"] ?? .null,
      ]))
  }

  /// Whether a history entry's action, origin or client contains `filter` (lowercased).
  static func matches(_ entry: JSONValue, _ filter: String) -> Bool {
    var text = entry["origin"]?.stringValue ?? ""
    if let client = entry["client"]?.intValue { text += " client \(client)" }
    if let action = entry["action"], let written = try? JSONWriter().string(action) {
      text += " " + written
    }
    if let jump = entry["jump"]?.intValue { text += " jump \(jump)" }
    return text.lowercased().contains(filter)
  }

  /// `/api/record?from=V&style=S`: what the session did after version `V`, as a spec to
  /// download.
  private func record(_ request: HTTPRequest) -> HTTPResponse {
    guard let writer = specWriter else {
      return .refusal(501, "this inspector's host writes no specs")
    }
    guard let text = request.query["from"], let from = Int(text), from >= 0 else {
      return .refusal(400, "from must be the version the recording starts at")
    }
    let style = request.query["style"] ?? "test-store"
    guard ["test-store", "launch"].contains(style) else {
      return .refusal(400, "style must be test-store or launch")
    }
    let session = self.session(of: request)
    do throws(RemoteError) {
      let history = try navd(
        "session.history",
        [
          "session": .string(session), "since": .integer(from), "limit": .integer(1_000_000),
          "before": .bool(true),
        ])
      let feature = try feature(of: session)
      let recording = SpecRecording(
        feature: feature, session: session, initialState: history["before"] ?? .null,
        entries: history["entries"]?.arrayValue ?? [], style: style)
      do {
        return .text(try writer(recording), contentType: "text/x-lua; charset=utf-8")
          .adding("Content-Disposition", Self.attachment("\(session)_spec.lua"))
      } catch {
        return .refusal(422, "the recording cannot be written as a spec: \(error)")
      }
    } catch {
      return failure(error)
    }
  }

  /// A `Content-Disposition` that downloads as `name`, with anything but letters, digits, `.`,
  /// `_` and `-` made `_` (a session's name may hold quotes).
  static func attachment(_ name: String) -> String {
    let safe = String(
      name.unicodeScalars.map { scalar -> Character in
        let allowed =
          (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
          || ".-_".unicodeScalars.contains(scalar)
        return allowed ? Character(scalar) : "_"
      })
    return "attachment; filename=\"\(safe)\""
  }
}
