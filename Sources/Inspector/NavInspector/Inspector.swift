// Inspector: a live session in the browser — an HTTP front on loopback for one client of navd,
// its API a thin mapping onto the control channel's methods.

import Foundation
import NavClient
import NavProtocol

/// Serves a session of a running navd to a browser, on 127.0.0.1.
///
/// The inspector is a client of navd like any other (the daemon's credentials check applies; navd
/// opens no listener of its own): one connection answers the page's requests, another subscribes
/// to the session's events and forwards them to every open page as Server-Sent Events. Every
/// request passes the ``RequestGuard`` first.
///
/// The API (JSON in, JSON out):
///
/// | request | what it does |
/// | --- | --- |
/// | `GET /api/session` | the session's name, feature and version, and whether the inspector is read-only |
/// | `GET /api/state` | the state |
/// | `GET /api/history?since=V&limit=N` | history entries (`session.history`) |
/// | `GET /api/screen` | the screens, as `screen.get` gives them |
/// | `GET /api/events` | Server-Sent Events: `version` after each action, `navigation` after each screen change |
/// | `POST /api/send` | `{"action": …, "args": […]}`: `store.send` |
/// | `POST /api/tap`, `/api/type`, `/api/back` | `screen.tap`, `screen.type`, `screen.back` |
/// | `POST /api/jump` | `{"version": V}`: `session.jump` |
public final class Inspector: @unchecked Sendable {
  /// The URL to open: the loopback address, the port, and the token.
  public var url: String { "http://127.0.0.1:\(server?.port ?? 0)/?token=\(security.token)" }
  /// The session inspected.
  public let session: String

  private let security: RequestGuard
  /// The connection that answers the pages' requests, one at a time.
  private let requests: RemoteClient
  private let requestLock = NSLock()
  private let events: RemoteClient
  private let broadcast = EventBroadcast()
  private var server: HTTPServer?
  private var pump: Thread?
  private let stopLock = NSLock()
  private var stopped = false
  private var navdGone = false

  /// Attaches to `session` (navd's default when `nil`) of the navd at `socketPath`, and serves it
  /// on `port` (0: a free port).
  public init(socketPath: String, session: String?, port: UInt16 = 0, readOnly: Bool = false)
    throws
  {
    let requests = try RemoteClient(socketPath: socketPath)
    let events = try RemoteClient(socketPath: socketPath)
    var target: JSONObject = [:]
    if let session { target["session"] = .string(session) }
    target["events"] = ["action", "navigation"]
    let subscribed = try events.call("subscribe", target)
    self.session = subscribed["session"]?.stringValue ?? session ?? "main"
    self.requests = requests
    self.events = events
    self.security = RequestGuard(token: RequestGuard.newToken(), readOnly: readOnly)
    self.server = try HTTPServer(port: port) { [weak self] request in
      self?.answer(request) ?? .refusal(503, "the inspector is stopping")
    }
    let pump = Thread { [weak self] in self?.pumpEvents() }
    pump.name = "inspector events"
    self.pump = pump
    pump.start()
  }

  /// Stops serving: open pages' streams end, and the connections to navd close.
  public func stop() {
    stopLock.lock()
    stopped = true
    stopLock.unlock()
    broadcast.closeAll()
    server?.stop()
    server = nil
  }

  deinit { stop() }

  // MARK: - Answering

  /// The paths the inspector serves, whatever the method.
  static let paths: Set<String> = [
    "/", "/index.html", "/inspector.js", "/inspector.css", "/api/session", "/api/state",
    "/api/history", "/api/screen", "/api/events", "/api/send", "/api/tap", "/api/type",
    "/api/back", "/api/jump",
  ]

  /// The answer to `request`, once the guard let it through.
  func answer(_ request: HTTPRequest) -> HTTPResponse {
    let setCookie: Bool
    switch security.check(request) {
    case .refused(let status, let reason): return .refusal(status, reason)
    case .allowed(let cookie): setCookie = cookie
    }
    var response = route(request)
    response.headers.append(("X-Content-Type-Options", "nosniff"))
    response.headers.append(("Referrer-Policy", "no-referrer"))
    if setCookie {
      response.headers.append(
        (
          "Set-Cookie",
          "\(RequestGuard.cookieName)=\(security.token); Path=/; HttpOnly; SameSite=Strict"
        ))
    }
    return response
  }

  private func route(_ request: HTTPRequest) -> HTTPResponse {
    switch (request.method, request.path) {
    case ("GET", "/"), ("GET", "/index.html"):
      return .text(InspectorPage.html, contentType: "text/html; charset=utf-8")
        .adding("Content-Security-Policy", InspectorPage.contentSecurityPolicy)
    case ("GET", "/inspector.js"):
      return .text(InspectorPage.script, contentType: "text/javascript; charset=utf-8")
    case ("GET", "/inspector.css"):
      return .text(InspectorPage.style, contentType: "text/css; charset=utf-8")
    case ("GET", "/api/session"):
      return call("session.list", [:], inSession: false) { list in
        let mine = list.arrayValue?.first { $0["name"]?.stringValue == self.session } ?? .null
        return .object([
          "name": .string(self.session), "feature": mine["feature"] ?? .null,
          "version": mine["version"] ?? .null, "readOnly": .bool(self.security.readOnly),
        ])
      }
    case ("GET", "/api/state"):
      return call("store.state", [:]) { $0["state"] ?? .null }
    case ("GET", "/api/history"):
      var params: JSONObject = [:]
      for key in ["since", "after", "limit"] {
        if let text = request.query[key] {
          guard let number = Int(text), number >= 0 else {
            return .refusal(400, "\(key) must be a whole number from 0")
          }
          params[key] = .integer(number)
        }
      }
      return call("session.history", params) { $0 }
    case ("GET", "/api/screen"):
      return call("screen.get", [:]) { $0 }
    case ("GET", "/api/events"):
      let stream = EventStream()
      broadcast.add(stream)
      return .events(stream)
    case ("POST", "/api/send"):
      return forward(request, to: "store.send", keys: ["action", "args"])
    case ("POST", "/api/tap"):
      return forward(request, to: "screen.tap", keys: ["label", "role", "index"])
    case ("POST", "/api/type"):
      return forward(request, to: "screen.type", keys: ["field", "text"])
    case ("POST", "/api/back"):
      return forward(request, to: "screen.back", keys: [])
    case ("POST", "/api/jump"):
      return forward(request, to: "session.jump", keys: ["version"])
    case (_, let path) where Self.paths.contains(path):
      return .refusal(405, "\(request.method) \(path) is not allowed")
    default:
      return .refusal(404, "no \(request.path) here")
    }
  }

  /// Calls `method` with `params` (on the session, when `inSession`) and answers with `shape` of
  /// its result as JSON; navd's error becomes a 400 with its message, a lost daemon a 502.
  private func call(
    _ method: String, _ params: JSONObject, inSession: Bool = true,
    shape: (JSONValue) -> JSONValue
  ) -> HTTPResponse {
    var params = params
    if inSession { params["session"] = .string(session) }
    do {
      requestLock.lock()
      defer { requestLock.unlock() }
      return json(shape(try requests.call(method, params)))
    } catch {
      switch error {
      case .rpc(let rpc):
        var object: JSONObject = ["message": .string(rpc.message)]
        if let data = rpc.data { object["data"] = data }
        return json(.object(["error": .object(object)]), status: 400)
      default:
        return json(
          .object(["error": .object(["message": .string(error.description)])]), status: 502)
      }
    }
  }

  /// Calls `method` with the request's JSON body's `keys` as parameters.
  private func forward(_ request: HTTPRequest, to method: String, keys: [String]) -> HTTPResponse {
    let body: JSONValue
    if request.body.isEmpty {
      body = .object([:])
    } else {
      do {
        body = try JSONParser().parse(String(decoding: request.body, as: UTF8.self))
      } catch {
        return .refusal(400, "the body is not JSON: \(error)")
      }
    }
    guard case .object(let fields) = body else {
      return .refusal(400, "the body must be a JSON object")
    }
    if let unknown = fields.keys.first(where: { !keys.contains($0) }) {
      return .refusal(
        400,
        "\(method) takes \(keys.isEmpty ? "no field" : keys.joined(separator: ", ")), not \(unknown)"
      )
    }
    return call(method, fields) { $0 }
  }

  private func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
    let text = (try? JSONWriter(sortedKeys: true).string(value)) ?? "null"
    return .text(text, status: status, contentType: "application/json")
      .adding("Cache-Control", "no-store")
  }

  /// Whether navd went away or stopped: the pages can show nothing new.
  public var isNavdGone: Bool {
    stopLock.lock()
    defer { stopLock.unlock() }
    return navdGone
  }

  private func markGone() {
    stopLock.lock()
    navdGone = true
    stopLock.unlock()
  }

  // MARK: - Events

  private var isStopped: Bool {
    stopLock.lock()
    defer { stopLock.unlock() }
    return stopped
  }

  /// Reads the session's notifications and forwards what pages need: the version after each
  /// action (pages fetch what they show; a burst collapses into its last version), the screens'
  /// trail after a navigation, and navd's stop.
  private func pumpEvents() {
    while !isStopped {
      let event: RPCRequest?
      do {
        event = try events.nextNotification(timeout: 0.25)
      } catch {
        broadcast.send("gone", "{\"message\":\"navd went away\"}")
        broadcast.closeAll()
        markGone()
        return
      }
      guard let event else { continue }
      let params = event.params ?? .null
      let text = (try? JSONWriter(sortedKeys: true).string(params)) ?? "{}"
      switch event.method {
      case "event.action": broadcast.send("version", text)
      case "event.navigation": broadcast.send("navigation", text)
      case "event.shutdown":
        broadcast.send("gone", text)
        broadcast.closeAll()
        markGone()
        return
      default: continue
      }
    }
  }
}
