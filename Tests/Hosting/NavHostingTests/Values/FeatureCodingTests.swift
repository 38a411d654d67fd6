// How a feature's values are coded: chosen once, from its types, when the feature is made.

import Composable
import ScriptedCaseStudies
import XCTest

@testable import NavHosting

final class FeatureCodingTests: XCTestCase {
  func testTheCodingIsChosenFromTheTypes() {
    let coded = feature(Coded.Sample(), Coded.Choice.none)
    XCTAssertEqual(coded.coding.stateEncoding, .codable)
    XCTAssertEqual(coded.coding.stateBuilding, .codable)
    XCTAssertEqual(coded.coding.actions, .codable)
    let plain = feature(Plain.Sample(), Plain.Choice.none)
    XCTAssertEqual(plain.coding.stateEncoding, .reflection)
    XCTAssertEqual(plain.coding.stateBuilding, .reflection)
    XCTAssertEqual(plain.coding.actions, .reflection)
    // Either way the state can be restored from what was saved.
    XCTAssertNil(coded.restoreProblem)
    XCTAssertNil(plain.restoreProblem)
  }

  func testAStateThatIsNotCodableAroundACodableStackIsEncodedByReflection() throws {
    // The seeds' navigation demo has a Codable stack element, in a state that is not Codable.
    let navigation = try XCTUnwrap(ScriptFeature.caseStudies.first { $0.name == "navigation" })
    XCTAssertEqual(navigation.coding.stateEncoding, .reflection)
  }

  /// A feature whose state starts as `state` and whose reducer does nothing with actions of
  /// `action`'s type.
  private func feature<State, Action>(_ state: State, _ action: Action) -> ScriptFeature {
    ScriptFeature(name: "sample", summary: "Sample types.") {
      state
    } reducer: {
      Reduce<State, Action> { _, _ in .none }
    }
  }
}
