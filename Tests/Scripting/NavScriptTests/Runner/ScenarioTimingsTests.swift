// ScenarioTimings: reading an earlier run's JUnit report, the one `test --junit` writes included.

import Foundation
import NavScript
import XCTest

final class ScenarioTimingsTests: XCTestCase {
  private func temporary(_ name: String) -> String {
    NSTemporaryDirectory() + "navd-timings-\(UUID().uuidString)-\(name)"
  }

  func testReadsTheReportThatTheRunnerWrites() throws {
    let spec = temporary("timed_spec.lua")
    try """
    describe("timed", function()
      it("quick", function() end)
      it("slower", function() local t = {} for i = 1, 200000 do t[i % 7] = i end end)
    end)
    """.write(toFile: spec, atomically: true, encoding: .utf8)
    let report = temporary("junit.xml")
    defer {
      try? FileManager.default.removeItem(atPath: spec)
      try? FileManager.default.removeItem(atPath: report)
    }
    var options = ScenarioOptions()
    options.paths = [spec]
    options.junitFile = report
    options.progress = false
    XCTAssertEqual(ScenarioRunner(options: options, features: []).run(output: { _ in }), 0)

    let timings = try ScenarioTimings(junit: try Data(contentsOf: URL(fileURLWithPath: report)))
    XCTAssertEqual(timings.count, 2)
    let quick = try XCTUnwrap(timings.seconds(file: spec, fullName: "timed quick"))
    let slower = try XCTUnwrap(timings.seconds(file: spec, fullName: "timed slower"))
    XCTAssertGreaterThan(slower, quick)
    // From another directory the file differs; a name only one test case has still matches.
    XCTAssertEqual(
      timings.seconds(file: "elsewhere/timed_spec.lua", fullName: "timed quick"), quick)
    XCTAssertNil(timings.seconds(file: spec, fullName: "timed never"))
  }

  func testANameTwoFilesShareIsMatchedOnlyWithItsFile() throws {
    let xml = """
      <testsuites><testsuite name="s">
        <testcase name="same" file="a_spec.lua" time="1.5"/>
        <testcase name="same" file="b_spec.lua" time="0.25"/>
        <testcase name="untimed" file="a_spec.lua"/>
      </testsuite></testsuites>
      """
    let timings = try ScenarioTimings(junit: Data(xml.utf8))
    XCTAssertEqual(timings.count, 2, "a test case without a time is not counted")
    XCTAssertEqual(timings.seconds(file: "a_spec.lua", fullName: "same"), 1.5)
    XCTAssertEqual(timings.seconds(file: "./b_spec.lua", fullName: "same"), 0.25)
    XCTAssertNil(timings.seconds(file: "c_spec.lua", fullName: "same"))
  }

  /// A path's spellings meet without the file system: through a symbolic link, `./specs/a` and
  /// `specs/a` are the same file to the report, whatever the link points at.
  func testSpellingsOfAPathThroughASymbolicLinkMatch() throws {
    let base = temporary("spellings")
    try FileManager.default.createDirectory(
      atPath: base + "/real", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: base + "/specs", withDestinationPath: base + "/real")
    defer { try? FileManager.default.removeItem(atPath: base) }
    let xml = """
      <testsuites><testsuite name="s">
        <testcase name="shared" file="\(base)/./specs//a_spec.lua" time="2"/>
        <testcase name="shared" file="\(base)/specs/b_spec.lua" time="3"/>
      </testsuite></testsuites>
      """
    let timings = try ScenarioTimings(junit: Data(xml.utf8))
    XCTAssertEqual(timings.seconds(file: base + "/specs/a_spec.lua", fullName: "shared"), 2)
    XCTAssertEqual(timings.seconds(file: base + "/./specs/b_spec.lua", fullName: "shared"), 3)
  }

  func testSaysWhatIsWrongWithAReport() {
    for (text, expected) in [
      ("<testsuites><testsuite>", "no <testcase>"),  // cut off: libxml2 reads what there is
      ("{\"json\": true}", "not a JUnit XML report"),
      ("<testsuites/>", "no <testcase>"),
    ] {
      XCTAssertThrowsError(try ScenarioTimings(junit: Data(text.utf8)), text) {
        let message = ($0 as? ScenarioTimingsError)?.message ?? ""
        XCTAssertTrue(message.contains(expected), "\(text): \(message)")
      }
    }
  }
}
