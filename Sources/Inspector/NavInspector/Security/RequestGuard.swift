// RequestGuard: who may use the inspector — the token, a loopback Host, a same-origin Origin for
// changes, and read-only mode.

/// Decides whether a request to the inspector is let through.
///
/// Every request needs the token, from the URL the inspector printed (`?token=`) or, after the
/// first page, from its cookie: another local user or a web page cannot guess it. The `Host`
/// header must name the loopback (`127.0.0.1`, `localhost`, `[::1]`), so a DNS-rebinding page
/// whose name resolves to 127.0.0.1 is refused. A request that changes something (any method
/// but `GET`, `HEAD`, `OPTIONS`) must carry an `Origin` that is the inspector's own, so another
/// site cannot post to it from a page the user has open; in read-only mode every such request
/// is refused.
struct RequestGuard: Sendable {
  /// What the guard decided.
  enum Verdict: Equatable {
    /// Let it through; `setCookie` when the token came in the URL and the cookie should hold it.
    case allowed(setCookie: Bool)
    /// Refuse it with `status` (403, 405), saying `reason`.
    case refused(status: Int, reason: String)
  }

  /// The cookie that holds the token.
  static let cookieName = "navd_inspector"

  /// The secret the URL carries.
  let token: String
  /// Whether changes are refused.
  let readOnly: Bool

  /// The hosts a `Host` header may name.
  static let loopbackNames: Set<String> = ["127.0.0.1", "localhost", "[::1]"]

  /// The verdict on `request`.
  func check(_ request: HTTPRequest) -> Verdict {
    guard let host = request.header("Host"), Self.isLoopback(host: host) else {
      return .refused(
        status: 403,
        reason: "the Host header must name the loopback (127.0.0.1, localhost or [::1])")
    }
    let fromURL = request.query["token"].map(matches) ?? false
    let fromCookie = request.cookies[Self.cookieName].map(matches) ?? false
    guard fromURL || fromCookie else {
      return .refused(
        status: 403,
        reason: "a wrong or missing token: open the URL the inspector printed, with its token")
    }
    if request.isStateChanging {
      guard !readOnly else {
        return .refused(status: 403, reason: "the inspector is read-only (--read-only)")
      }
      guard let origin = request.header("Origin"), origin == "http://" + host else {
        return .refused(
          status: 403,
          reason: "a change must come from the inspector's own page (Origin http://\(host))")
      }
    }
    return .allowed(setCookie: fromURL && !fromCookie)
  }

  /// Whether `host` (a `Host` header: a name and maybe a port) names the loopback.
  static func isLoopback(host: String) -> Bool {
    let name: Substring
    let rest: Substring
    if host.hasPrefix("[") {
      guard let end = host.firstIndex(of: "]") else { return false }
      name = host[...end]
      rest = host[host.index(after: end)...]
    } else if let colon = host.firstIndex(of: ":") {
      name = host[..<colon]
      rest = host[colon...]
    } else {
      name = Substring(host)
      rest = ""
    }
    // After the name: nothing, or a port.
    let port = rest.dropFirst()
    guard rest.isEmpty || (rest.first == ":" && !port.isEmpty && port.allSatisfy(\.isNumber))
    else { return false }
    return loopbackNames.contains(name.lowercased())
  }

  /// Whether `candidate` is the token, compared in time that does not depend on where they
  /// differ.
  private func matches(_ candidate: String) -> Bool {
    let expected = Array(token.utf8)
    let given = Array(candidate.utf8)
    guard expected.count == given.count else { return false }
    var difference: UInt8 = 0
    for index in expected.indices { difference |= expected[index] ^ given[index] }
    return difference == 0
  }

  /// A new random token: 32 bytes as hexadecimal.
  static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<32).map { _ in
      let byte = UInt8.random(in: 0...255, using: &generator)
      return String(byte, radix: 16).count == 1
        ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
    }.joined()
  }
}
