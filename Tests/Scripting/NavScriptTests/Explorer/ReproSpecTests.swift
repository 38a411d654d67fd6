// ReproSpec: every repro the explorer writes fails under the scenario runner while its bug is
// there, and passes once any one of its steps is removed.

import Foundation
import XCTest

@testable import NavHosting
@testable import NavScript

final class ReproSpecTests: XCTestCase {
  private func run(_ directory: String) -> (status: Int32, output: String) {
    var options = ScenarioOptions()
    options.paths = [directory]
    options.progress = false
    let buffer = OutputBuffer()
    let status = ScenarioRunner(options: options, features: [plantedDial]).run {
      buffer.append($0)
    }
    return (status, buffer.value)
  }

  func testEachReproFailsAndIsNoLongerThanNeeded() throws {
    var options = ExploreOptions()
    options.seed = 7
    options.invariantsFile = try dialInvariants(self)
    let directory = try temporaryDirectory(self).appendingPathComponent("out").path
    let report = try Explorer(feature: plantedDial, options: options).run()
      .written(to: directory, command: "navctl explore dial --seed 7", options: options)
    XCTAssertEqual(report.findings.count, 4)
    for finding in report.findings {
      let repro = try XCTUnwrap(finding.repro)
      let spec = try String(contentsOfFile: repro, encoding: .utf8)
      let single = try temporaryDirectory(self)
      try spec.write(
        to: single.appendingPathComponent("repro_spec.lua"), atomically: true, encoding: .utf8)
      let (status, output) = run(single.path)
      XCTAssertEqual(status, 1, "\(finding.kind): \(output)")
      XCTAssertTrue(output.contains("the \(finding.kind.rawValue) reproduces"), output)
      let lines = spec.split(separator: "\n", omittingEmptySubsequences: false)
      let steps = lines.indices.filter {
        lines[$0].hasPrefix("    repro:") && !lines[$0].contains("check")
      }
      XCTAssertEqual(steps.count, finding.steps.count, spec)
      for skipped in steps {
        let shorter = lines.enumerated().filter { $0.offset != skipped }.map(\.element)
          .joined(separator: "\n")
        let folder = try temporaryDirectory(self)
        try shorter.write(
          to: folder.appendingPathComponent("shorter_spec.lua"), atomically: true,
          encoding: .utf8)
        let (status, output) = run(folder.path)
        XCTAssertEqual(status, 0, "\(finding.kind) without \(lines[skipped]): \(output)")
      }
    }
  }

  func testAReproNamesAnUnknownKindClearly() throws {
    let folder = try temporaryDirectory(self)
    try """
    describe("r", function() it("x", function()
      local repro = navd.repro("dial", "typo", {match = "x"})
      repro:check()
    end) end)
    """.write(to: folder.appendingPathComponent("r_spec.lua"), atomically: true, encoding: .utf8)
    let (status, output) = run(folder.path)
    XCTAssertEqual(status, 1)
    XCTAssertTrue(output.contains("r_spec.lua:3: repro: unknown finding kind 'typo'"), output)
  }
}
