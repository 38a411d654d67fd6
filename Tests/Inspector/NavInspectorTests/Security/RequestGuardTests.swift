// RequestGuard: the token (URL, then cookie), a loopback Host, a same-origin Origin for changes,
// and read-only mode, each refused on its own.

import XCTest

@testable import NavInspector

final class RequestGuardTests: XCTestCase {
  private let token = "0123456789abcdef"
  private lazy var guardian = RequestGuard(token: token, readOnly: false)

  private func request(
    _ method: String = "GET", host: String? = "127.0.0.1:8080", token: String? = nil,
    cookie: String? = nil, origin: String? = nil
  ) -> HTTPRequest {
    var request = HTTPRequest(method: method, path: "/api/state")
    if let host { request.headers["host"] = host }
    if let token { request.query["token"] = token }
    if let cookie { request.cookies[RequestGuard.cookieName] = cookie }
    if let origin { request.headers["origin"] = origin }
    return request
  }

  func testTheTokenInTheURLLetsInAndSetsTheCookie() {
    XCTAssertEqual(guardian.check(request(token: token)), .allowed(setCookie: true))
    XCTAssertEqual(guardian.check(request(cookie: token)), .allowed(setCookie: false))
  }

  func testAWrongOrMissingTokenIsRefused() {
    for candidate in [nil, "", "0123456789abcdee", token + "0", String(token.dropLast())] {
      guard case .refused(403, let reason) = guardian.check(request(token: candidate)) else {
        return XCTFail("\(String(describing: candidate)) was let in")
      }
      XCTAssertTrue(reason.contains("token"), reason)
    }
    XCTAssertNotEqual(
      guardian.check(request(cookie: "not it")), .allowed(setCookie: false))
  }

  func testOnlyLoopbackHostsAreServed() {
    for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST", "[::1]:8080", "127.0.0.1"] {
      XCTAssertEqual(guardian.check(request(host: host, token: token)), .allowed(setCookie: true))
    }
    // DNS rebinding: a name of the attacker's that resolves to 127.0.0.1.
    for host in [
      nil, "evil.example:8080", "127.0.0.1.evil.example", "localhost.evil.example:8080",
      "[::1].evil.example", "", "0.0.0.0:8080", "localhost:80a", "127.0.0.1:",
    ] {
      guard case .refused(403, let reason) = guardian.check(request(host: host, token: token))
      else { return XCTFail("\(String(describing: host)) was served") }
      XCTAssertTrue(reason.contains("Host"), reason)
    }
  }

  func testAChangeNeedsTheInspectorsOwnOrigin() {
    XCTAssertEqual(
      guardian.check(request("POST", cookie: token, origin: "http://127.0.0.1:8080")),
      .allowed(setCookie: false))
    for origin in [
      nil, "http://evil.example", "http://127.0.0.1:9999", "null", "https://127.0.0.1:8080",
    ] {
      guard
        case .refused(403, let reason) = guardian.check(
          request("POST", cookie: token, origin: origin))
      else { return XCTFail("a POST from \(String(describing: origin)) was let in") }
      XCTAssertTrue(reason.contains("Origin"), reason)
    }
    // Reads need no Origin.
    XCTAssertEqual(guardian.check(request(cookie: token)), .allowed(setCookie: false))
  }

  func testReadOnlyRefusesEveryChangeAndServesReads() {
    let readOnly = RequestGuard(token: token, readOnly: true)
    XCTAssertEqual(readOnly.check(request(cookie: token)), .allowed(setCookie: false))
    for method in ["POST", "PUT", "DELETE", "PATCH"] {
      guard
        case .refused(403, let reason) = readOnly.check(
          request(method, cookie: token, origin: "http://127.0.0.1:8080"))
      else { return XCTFail("\(method) was let in read-only") }
      XCTAssertTrue(reason.contains("read-only"), reason)
    }
  }

  func testTokensAreLongAndDifferent() {
    let first = RequestGuard.newToken()
    XCTAssertEqual(first.count, 64)
    XCTAssertTrue(first.allSatisfy(\.isHexDigit))
    XCTAssertNotEqual(first, RequestGuard.newToken())
  }
}
