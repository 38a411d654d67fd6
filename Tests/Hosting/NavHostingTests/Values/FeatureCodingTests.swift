// How a feature's values are coded: chosen once, from its types, when the feature is made.

import Composable
import ScriptedCaseStudies
import XCTest

@testable import NavHosting

final class FeatureCodingTests: XCTestCase {
  func testCodableTypesAreCodedThroughCodable() {
    let coded = ScriptFeature(name: "coded", summary: "Codable types.") {
      Coded.Sample()
    } reducer: {
      Reduce<Coded.Sample, Coded.Choice> { _, _ in .none }
    }
    XCTAssertEqual(coded.coding.stateEncoding, .codable)
    XCTAssertEqual(coded.coding.stateBuilding, .codable)
    XCTAssertEqual(coded.coding.actions, .codable)
    XCTAssertNil(coded.restoreProblem)
  }

  func testTypesWithoutCodableAreCodedByReflection() {
    let plain = ScriptFeature(name: "plain", summary: "No Codable.") {
      Plain.Sample()
    } reducer: {
      Reduce<Plain.Sample, Plain.Choice> { _, _ in .none }
    }
    XCTAssertEqual(plain.coding.stateEncoding, .reflection)
    XCTAssertEqual(plain.coding.actions, .reflection)
    XCTAssertNil(plain.restoreProblem)
  }

  func testAStateThatIsNotCodableAroundACodableStackIsEncodedByReflection() throws {
    // The seeds' navigation demo has a Codable stack element, in a state that is not Codable.
    let navigation = try XCTUnwrap(ScriptFeature.caseStudies.first { $0.name == "navigation" })
    XCTAssertEqual(navigation.coding.stateEncoding, .reflection)
  }
}
