// ChangeRoutes: what the page changes — sends, screen uses, jumps, the lock, a skipped action
// replayed beside the session, an imported session — each a `POST` the guard checks.

import NavClient
import NavProtocol

extension Inspector {
  /// The `POST` routes of the API; each body may name its `session`.
  static let changeRoutes: [Route] = [
    .post("/api/send") { inspector, request in
      inspector.forward(request, to: "store.send", keys: ["action", "args"])
    },
    .post("/api/tap") { inspector, request in
      inspector.forward(request, to: "screen.tap", keys: ["label", "role", "index"])
    },
    .post("/api/type") { inspector, request in
      inspector.forward(request, to: "screen.type", keys: ["field", "text"])
    },
    .post("/api/back") { inspector, request in
      inspector.forward(request, to: "screen.back", keys: [])
    },
    .post("/api/jump") { inspector, request in
      inspector.forward(request, to: "session.jump", keys: ["version"])
    },
    .post("/api/lock") { inspector, request in inspector.lock(request) },
    .post("/api/skip") { inspector, request in inspector.skip(request) },
    .post("/api/import") { inspector, request in inspector.importSession(request) },
    .post("/api/close") { inspector, request in inspector.close(request) },
  ]

  /// `/api/lock {locked}`: holds the session for this inspector (`session.lock`), or lets go.
  private func lock(_ request: HTTPRequest) -> HTTPResponse {
    switch body(request, keys: ["locked"]) {
    case .failure(let refusal): return .refusal(refusal.status, refusal.reason)
    case .success(let fields):
      guard case .bool(let locked)? = fields["locked"] else {
        return .refusal(400, "locked must be true or false")
      }
      let session = fields["session"]?.stringValue ?? self.session
      return call(locked ? "session.lock" : "session.unlock", ["session": .string(session)])
    }
  }

  /// The name of the scratch session that shows `session` without entry `sequence`.
  static func scratchName(_ session: String, without sequence: Int) -> String {
    "\(session)~without-\(sequence)"
  }

  /// `/api/skip {sequence}`: the session replayed without history entry `sequence` (a send or
  /// a jump), into a scratch session beside it (`session.export {skip}`, then `session.open
  /// {replay}`); answers `{session, version}` of the scratch session, made afresh each time.
  private func skip(_ request: HTTPRequest) -> HTTPResponse {
    switch body(request, keys: ["sequence"]) {
    case .failure(let refusal): return .refusal(refusal.status, refusal.reason)
    case .success(let fields):
      guard let sequence = fields["sequence"]?.intValue, sequence >= 1 else {
        return .refusal(400, "sequence must be a history entry's sequence number")
      }
      let session = fields["session"]?.stringValue ?? self.session
      let scratch = Self.scratchName(session, without: sequence)
      do throws(RemoteError) {
        let document = try navd(
          "session.export", ["session": .string(session), "skip": [.integer(sequence)]])
        _ = try? navd("session.close", ["name": .string(scratch)])
        let opened = try navd(
          "session.open", ["name": .string(scratch), "replay": document])
        return json(
          .object([
            "session": .string(scratch), "version": opened["version"] ?? .null,
            "skipped": .integer(sequence), "of": .string(session),
          ]))
      } catch {
        return failure(error)
      }
    }
  }

  /// `/api/import {name, document}`: a session exported elsewhere opened as `name`, its history
  /// and states restored exactly (`session.open {import}`).
  private func importSession(_ request: HTTPRequest) -> HTTPResponse {
    switch body(request, keys: ["name", "document"]) {
    case .failure(let refusal): return .refusal(refusal.status, refusal.reason)
    case .success(let fields):
      guard let name = fields["name"]?.stringValue, let document = fields["document"] else {
        return .refusal(400, "an import needs the new session's name and the document")
      }
      do throws(RemoteError) {
        let opened = try navd("session.open", ["name": .string(name), "import": document])
        guard opened["created"] == .bool(true) else {
          return .refusal(409, "a session named \"\(name)\" is open already: name another")
        }
        return json(opened)
      } catch {
        return failure(error)
      }
    }
  }

  /// `/api/close {name}`: closes a session (the page closes the scratch sessions it made).
  private func close(_ request: HTTPRequest) -> HTTPResponse {
    switch body(request, keys: ["name"]) {
    case .failure(let refusal): return .refusal(refusal.status, refusal.reason)
    case .success(let fields):
      guard let name = fields["name"]?.stringValue else {
        return .refusal(400, "name the session to close")
      }
      return call("session.close", ["name": .string(name)])
    }
  }
}
