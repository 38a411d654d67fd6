// Inspector: a live session in the browser — an HTTP front on loopback for one client of navd,
// its API a thin mapping onto the control channel's methods (Routes/).

import Foundation
import NavClient
import NavProtocol

/// Serves the sessions of a running navd to a browser, on 127.0.0.1.
///
/// The inspector is a client of navd like any other (the daemon's credentials check applies;
/// navd opens no listener of its own): one connection answers the pages' requests, another
/// follows the sessions they show and forwards their events to every open page as Server-Sent
/// Events (``SessionEvents``). Every request passes the ``RequestGuard`` first; the routes are
/// in `Routes/`, each request naming its session with `session` (in the query, or in the body
/// of a change), the inspector's own by default.
public final class Inspector: @unchecked Sendable {
  /// The URL to open: the loopback address, the port, and the token.
  public var url: String { "http://127.0.0.1:\(server?.port ?? 0)/?token=\(security.token)" }
  /// The session inspected first: the page opens on it.
  public var session: String { events.session }

  let security: RequestGuard
  /// The connection that answers the pages' requests, one at a time.
  private let requests: RemoteClient
  private let requestLock = NSLock()
  let broadcast = EventBroadcast()
  let events: SessionEvents
  /// Writes a recording as a spec, when the host gave the inspector a writer.
  let specWriter: SpecWriter?
  /// Draws a feature's screen graph, when the host can walk its features.
  let graphMaker: GraphMaker?
  /// The graphs drawn so far, by feature: a walk takes seconds, and its graph does not change.
  let graphs = GraphCache()
  private var server: HTTPServer?

  /// The largest body a request may have: an imported session's document.
  static let importLimit = 64 << 20

  /// Attaches to `session` (navd's default when `nil`) of the navd at `socketPath`, and serves
  /// it on `port` (0: a free port); `specWriter` writes the page's recorded specs, and
  /// `graphMaker` draws the explorer's screen graph.
  public init(
    socketPath: String, session: String?, port: UInt16 = 0, readOnly: Bool = false,
    specWriter: SpecWriter? = nil, graphMaker: GraphMaker? = nil
  ) throws {
    let requests = try RemoteClient(socketPath: socketPath)
    _ = try? requests.call("client.setName", ["name": "inspector (pid \(getpid()))"])
    self.requests = requests
    self.events = try SessionEvents(
      client: try RemoteClient(socketPath: socketPath), session: session, broadcast: broadcast)
    self.security = RequestGuard(token: RequestGuard.newToken(), readOnly: readOnly)
    self.specWriter = specWriter
    self.graphMaker = graphMaker
    self.server = try HTTPServer(
      port: port,
      bodyLimit: { path in path == "/api/import" ? Inspector.importLimit : HTTPServer.bodyLimit }
    ) { [weak self] request in
      self?.answer(request) ?? .refusal(503, "the inspector is stopping")
    }
  }

  /// Stops serving: open pages' streams end, and the connections to navd close.
  public func stop() {
    events.stop()
    broadcast.closeAll()
    server?.stop()
    server = nil
  }

  deinit { stop() }

  /// Whether navd went away or stopped: the pages can show nothing new.
  public var isNavdGone: Bool { events.isNavdGone }

  /// How many pages follow a session's events now.
  public var openPages: Int { broadcast.openCount }

  /// How many events the inspector forwarded to its pages so far.
  public var eventsForwarded: Int { broadcast.sent }

  // MARK: - Answering

  /// The answer to `request`: the guard's refusal, the route's refusal, or the route's answer.
  func answer(_ request: HTTPRequest) -> HTTPResponse {
    let setCookie: Bool
    switch security.check(request) {
    case .refused(let status, let reason): return .refusal(status, reason)
    case .allowed(let cookie): setCookie = cookie
    }
    var response: HTTPResponse
    switch Self.resolve(request) {
    case .success(let route): response = route.answer(self, request)
    case .failure(let refusal): response = .refusal(refusal.status, refusal.reason)
    }
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

  // MARK: - Calling navd

  /// The session a read names (`?session=`), or the inspector's own.
  func session(of request: HTTPRequest) -> String {
    request.query["session"].flatMap { $0.isEmpty ? nil : $0 } ?? session
  }

  /// Calls `method` with `params` and returns its result; navd's error is thrown.
  func navd(_ method: String, _ params: JSONObject) throws(RemoteError) -> JSONValue {
    requestLock.lock()
    defer { requestLock.unlock() }
    return try requests.call(method, params)
  }

  /// The feature `session` runs.
  func feature(of session: String) throws(RemoteError) -> String {
    guard
      let feature = try navd("session.list", [:]).arrayValue?
        .first(where: { $0["name"]?.stringValue == session })?["feature"]?.stringValue
    else {
      throw RemoteError.rpc(RPCError(.noSuchSession, message: "no session named \"\(session)\""))
    }
    return feature
  }

  /// Calls `method` with `params` (on `session`, when given) and answers with `shape` of its
  /// result as JSON; navd's error becomes a 400 with its message, a lost daemon a 502.
  func call(
    _ method: String, _ params: JSONObject, session: String? = nil,
    shape: (JSONValue) throws(RemoteError) -> JSONValue = { $0 }
  ) -> HTTPResponse {
    var params = params
    if let session { params["session"] = .string(session) }
    do throws(RemoteError) {
      return json(try shape(try navd(method, params)))
    } catch {
      return failure(error)
    }
  }

  /// navd's error as a response: its refusal a 400 with its message (and data), a lost daemon
  /// a 502.
  func failure(_ error: RemoteError) -> HTTPResponse {
    switch error {
    case .rpc(let rpc):
      var object: JSONObject = [
        "message": .string(rpc.message), "code": .integer(rpc.code.rawValue),
      ]
      if let data = rpc.data { object["data"] = data }
      return json(.object(["error": .object(object)]), status: 400)
    default:
      return json(
        .object(["error": .object(["message": .string(error.description)])]), status: 502)
    }
  }

  /// The request's JSON body as an object whose keys are among `keys` (plus `session`), or the
  /// 400 that says what is wrong with it.
  func body(_ request: HTTPRequest, keys: [String]) -> Result<JSONObject, RouteRefusal> {
    let value: JSONValue
    if request.body.isEmpty {
      value = .object([:])
    } else {
      do {
        value = try JSONParser().parse(String(decoding: request.body, as: UTF8.self))
      } catch {
        return .failure(RouteRefusal(status: 400, reason: "the body is not JSON: \(error)"))
      }
    }
    guard case .object(let fields) = value else {
      return .failure(RouteRefusal(status: 400, reason: "the body must be a JSON object"))
    }
    let allowed = keys + ["session"]
    if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
      return .failure(
        RouteRefusal(
          status: 400,
          reason: "\(request.path) takes \(allowed.joined(separator: ", ")), not \(unknown)"))
    }
    return .success(fields)
  }

  /// Calls `method` with the request's JSON body's `keys` as parameters, on the session the body
  /// names or the inspector's own.
  func forward(_ request: HTTPRequest, to method: String, keys: [String]) -> HTTPResponse {
    switch body(request, keys: keys) {
    case .failure(let refusal): return .refusal(refusal.status, refusal.reason)
    case .success(var fields):
      if fields["session"] == nil { fields["session"] = .string(session) }
      return call(method, fields)
    }
  }

  /// `value` as a JSON response that no cache keeps.
  func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
    let text = (try? JSONWriter(sortedKeys: true).string(value)) ?? "null"
    return .text(text, status: status, contentType: "application/json")
      .adding("Cache-Control", "no-store")
  }
}
