// InvariantSet: a predicate that never returns ends the walk with a clear error, not a hang.

import Foundation
import XCTest

@testable import NavHosting
@testable import NavScript

final class InvariantSetTests: XCTestCase {
  func testFailingAndRaisingPredicatesAreNamedInOrder() throws {
    let file = try temporaryDirectory(self).appendingPathComponent("invariants.lua")
    try """
    navd.invariant("level is small", function(s) return s.level < 10 end)
    navd.invariant("level is a number", function(s) return s.level + 0 end)
    navd.invariant("level is never negative", function(s) return s.level >= 0 end)
    """.write(to: file, atomically: true, encoding: .utf8)
    let invariants = try InvariantSet(file: file.path)
    XCTAssertEqual(invariants.count, 3)
    XCTAssertTrue(try invariants.failures(in: .object(["level": .integer(3)])).isEmpty)
    let failed = try invariants.failures(in: .object(["level": .integer(-20)]))
    XCTAssertEqual(failed.map(\.name), ["level is never negative"])
    XCTAssertEqual(failed.first?.message, "invariant \"level is never negative\" became false")
    let raised = try invariants.failures(in: .object(["level": .string("x")]))
    XCTAssertEqual(
      raised.map(\.name), ["level is small", "level is a number", "level is never negative"])
    XCTAssertTrue(
      raised[0].message.hasPrefix("invariant \"level is small\" raised: "), raised[0].message)
  }

  func testARunawayInvariantFailsTheWalkWithAClearError() throws {
    let file = try temporaryDirectory(self).appendingPathComponent("runaway.lua")
    try """
    navd.invariant("never returns", function(s) while true do end end)
    """.write(to: file, atomically: true, encoding: .utf8)
    var options = ExploreOptions()
    options.invariantsFile = file.path
    XCTAssertThrowsError(try Explorer(feature: plantedDial, options: options).run()) { error in
      XCTAssertTrue("\(error)".contains("instruction budget"), "\(error)")
    }
  }
}
