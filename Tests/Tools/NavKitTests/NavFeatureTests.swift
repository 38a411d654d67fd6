// NavFeature: one line registers a feature with no Codable, Equatable or Sendable in its types.

import Composable
import Foundation
import NavValue
import XCTest

@testable import NavKit
@testable import NavHosting
@testable import NavScript

/// A feature whose types conform to nothing at all.
private struct Bare: Reducer {
  struct State {
    var count = 0
    var label = "bare"
    var id: UUID?
  }

  enum Action {
    case tapped
    case rename(String)
    case makeID
  }

  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tapped: state.count += 1
    case .rename(let label): state.label = label
    case .makeID: state.id = uuid()
    }
    return .none
  }
}

final class NavFeatureTests: XCTestCase {
  func testAFeatureWithoutAnyConformanceIsHostedAndScripted() throws {
    let feature = NavFeature("bare", summary: "Nothing conforms.", initialState: Bare.State()) {
      Bare()
    }
    XCTAssertEqual(feature.name, "bare")
    XCTAssertEqual(feature.summary, "Nothing conforms.")
    XCTAssertEqual(feature.scriptFeature.coding.stateEncoding, .reflection)
    let session = try ScriptSession(feature: feature.scriptFeature)
    defer { session.close() }
    _ = try session.send(path: "tapped")
    _ = try session.send(path: "rename", payload: ["Blob"])
    let (version, state) = try session.state()
    XCTAssertEqual(version, 2)
    XCTAssertEqual(state, ["count": 1, "label": "Blob"])
  }

  func testWithDependenciesAdjustsEveryStore() throws {
    let feature = NavFeature(
      "bare", initialState: Bare.State(), withDependencies: { $0.uuid = .constant(UUID(7)) }
    ) { Bare() }
    XCTAssertEqual(feature.summary, "")
    XCTAssertNil(feature.scriptFeature.restoreProblem)
    let session = try ScriptSession(feature: feature.scriptFeature)
    defer { session.close() }
    _ = try session.send(path: "makeID")
    XCTAssertEqual(try session.state().state["id"], .string(UUID(7).uuidString))
  }
}
