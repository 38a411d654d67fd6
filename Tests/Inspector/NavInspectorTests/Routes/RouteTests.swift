// Route: one table answers every path, 404 for a path not served and 405 for a method a path
// does not take; downloads name safe files; the log's filter reads what a person sees.

import NavProtocol
import XCTest

@testable import NavInspector

final class RouteTests: XCTestCase {
  private func resolve(_ method: String, _ path: String) -> Result<Route, RouteRefusal> {
    Inspector.resolve(HTTPRequest(method: method, path: path))
  }

  func testEveryRouteIsFoundByItsMethodAndPath() {
    XCTAssertGreaterThan(Inspector.routes.count, 20)
    for route in Inspector.routes {
      guard case .success(let found) = resolve(route.method, route.path) else {
        return XCTFail("\(route.method) \(route.path) is not found")
      }
      XCTAssertEqual(found.path, route.path)
      XCTAssertEqual(found.method, route.method)
    }
    let pairs = Inspector.routes.map { "\($0.method) \($0.path)" }
    XCTAssertEqual(Set(pairs).count, pairs.count, "no method and path is routed twice")
  }

  func testAnUnknownPathIs404AndAnotherMethod405() {
    guard case .failure(let missing) = resolve("GET", "/api/nothing") else {
      return XCTFail("an unknown path was routed")
    }
    XCTAssertEqual(missing.status, 404)
    guard case .failure(let wrongMethod) = resolve("POST", "/api/state") else {
      return XCTFail("a POST of a read was routed")
    }
    XCTAssertEqual(wrongMethod.status, 405)
    XCTAssertTrue(wrongMethod.reason.contains("only GET"), wrongMethod.reason)
    guard case .failure(let readOfChange) = resolve("GET", "/api/send") else {
      return XCTFail("a GET of a change was routed")
    }
    XCTAssertEqual(readOfChange.status, 405)
  }

  func testEveryChangeIsAPost() {
    for path in ["/api/send", "/api/jump", "/api/lock", "/api/skip", "/api/import", "/api/reach"] {
      XCTAssertEqual(Inspector.routeTable[path]?.keys.sorted(), ["POST"], path)
    }
  }

  func testADownloadNamesASafeFile() {
    XCTAssertEqual(
      Inspector.attachment("main.navd.json"), #"attachment; filename="main.navd.json""#)
    XCTAssertEqual(
      Inspector.attachment(#"a "quoted"/name\.json"#),
      #"attachment; filename="a__quoted__name_.json""#)
    XCTAssertEqual(Inspector.attachment("é_spec.lua"), #"attachment; filename="__spec.lua""#)
  }

  func testTheFilterReadsTheActionTheOriginAndTheClient() throws {
    let entry = try JSONParser().parse(
      #"{"sequence":4,"version":3,"origin":"send","client":7,"action":{"path":{"push":{"id":2}}}}"#)
    XCTAssertTrue(Inspector.matches(entry, "push"))
    XCTAssertTrue(Inspector.matches(entry, "client 7"))
    XCTAssertTrue(Inspector.matches(entry, "send"))
    XCTAssertFalse(Inspector.matches(entry, "effect"))
    let jump = try JSONParser().parse(#"{"origin":"jump","jump":2,"action":null}"#)
    XCTAssertTrue(Inspector.matches(jump, "jump 2"))
  }
}
