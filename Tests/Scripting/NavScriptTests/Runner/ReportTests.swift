import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif
import XCTest

@testable import NavHosting
@testable import NavScript

final class ReportTests: XCTestCase {
  let results = [
    ScenarioResult(
      number: 1, name: "adds #fast", fullName: "Contacts adds #fast", file: "s/contacts_spec.lua",
      line: 3, status: .passed, message: "", seconds: 0.0123),
    ScenarioResult(
      number: 2, name: "deletes", fullName: "Contacts deletes <all> & \"more\"",
      file: "s/contacts_spec.lua", line: 9, status: .failed,
      message: "s/contacts_spec.lua:12: Expected 1\ngot 2 <&> \u{1}bell", seconds: 0.5),
    ScenarioResult(
      number: 3, name: "later", fullName: "Counter later", file: "s/counter_spec.lua", line: 4,
      status: .pending, message: "", seconds: 0),
  ]

  // MARK: - TAP

  func testTAP() {
    XCTAssertEqual(
      TAPReport.render(results),
      """
      TAP version 13
      1..3
      ok 1 - Contacts adds \\#fast
      not ok 2 - Contacts deletes <all> & "more"
        ---
        at: "s/contacts_spec.lua:9"
        message: |
          s/contacts_spec.lua:12: Expected 1
          got 2 <&> \u{1}bell
        ...
      ok 3 - Counter later # SKIP pending

      """)
  }

  func testTAPWithNoResults() {
    XCTAssertEqual(TAPReport.render([]), "TAP version 13\n1..0\n")
  }

  // MARK: - JUnit

  func testJUnitParsesAndCounts() throws {
    let xml = JUnitReport.render(results, seconds: 1.23456)
    XCTAssertTrue(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"), xml)
    let document = try XMLDocument(xmlString: xml, options: [])
    let root = try XCTUnwrap(document.rootElement())
    XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "3")
    XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "1")
    XCTAssertEqual(root.attribute(forName: "skipped")?.stringValue, "1")
    XCTAssertEqual(root.attribute(forName: "errors")?.stringValue, "0")
    XCTAssertEqual(root.attribute(forName: "time")?.stringValue, "1.235")
    let suites = try document.nodes(forXPath: "//testsuite") as? [XMLElement] ?? []
    XCTAssertEqual(
      suites.map { $0.attribute(forName: "name")?.stringValue },
      [
        "s/contacts_spec.lua", "s/counter_spec.lua",
      ])
    XCTAssertEqual(suites.map { $0.attribute(forName: "tests")?.stringValue }, ["2", "1"])
    XCTAssertEqual(suites.map { $0.attribute(forName: "time")?.stringValue }, ["0.512", "0.0"])
    let cases = try document.nodes(forXPath: "//testcase") as? [XMLElement] ?? []
    XCTAssertEqual(
      cases.map { $0.attribute(forName: "name")?.stringValue },
      ["Contacts adds #fast", "Contacts deletes <all> & \"more\"", "Counter later"])
    XCTAssertEqual(cases[0].attribute(forName: "classname")?.stringValue, "s/contacts_spec")
    XCTAssertEqual(cases[1].attribute(forName: "line")?.stringValue, "9")
    let failure = try XCTUnwrap(try document.nodes(forXPath: "//failure").first as? XMLElement)
    XCTAssertEqual(
      failure.attribute(forName: "message")?.stringValue, "s/contacts_spec.lua:12: Expected 1")
    XCTAssertEqual(failure.stringValue, "s/contacts_spec.lua:12: Expected 1\ngot 2 <&> bell")
    XCTAssertEqual(try document.nodes(forXPath: "//testcase[3]/skipped").count, 0)
    XCTAssertEqual(try document.nodes(forXPath: "//skipped[@message='pending']").count, 1)
  }

  func testJUnitEscape() {
    XCTAssertEqual(
      JUnitReport.escape("a<b>&\"c\"'d'\n\t\u{0}\u{1F}\u{FFFE}é"),
      "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;\n\té")
  }

  // MARK: - JSON

  func testJSON() throws {
    let json = JSONReport.render(results, seconds: 2.5)
    let document = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let summary = try XCTUnwrap(document["summary"] as? [String: Any])
    XCTAssertEqual(summary["total"] as? Int, 3)
    XCTAssertEqual(summary["passed"] as? Int, 1)
    XCTAssertEqual(summary["failed"] as? Int, 1)
    XCTAssertEqual(summary["pending"] as? Int, 1)
    XCTAssertEqual(summary["seconds"] as? Double, 2.5)
    let scenarios = try XCTUnwrap(document["scenarios"] as? [[String: Any]])
    XCTAssertEqual(scenarios.map { $0["status"] as? String }, ["passed", "failed", "pending"])
    XCTAssertEqual(scenarios[1]["message"] as? String, results[1].message)
    XCTAssertEqual(scenarios[1]["full_name"] as? String, "Contacts deletes <all> & \"more\"")
    XCTAssertEqual(scenarios[1]["name"] as? String, "deletes")
    XCTAssertEqual(scenarios[1]["line"] as? Int, 9)
    XCTAssertEqual(scenarios[0]["seconds"] as? Double, 0.0123)
    XCTAssertTrue(json.hasSuffix("}\n"))
  }

  // MARK: - Text

  func testText() {
    XCTAssertEqual(
      TextReport.render(results, seconds: 1.239),
      """

      Failures:

      ✗ Contacts deletes <all> & "more"
        s/contacts_spec.lua:9
          s/contacts_spec.lua:12: Expected 1
          got 2 <&> \u{1}bell

      1 passed, 1 failed, 1 pending (3 scenarios in 1.23 s)

      """)
  }

  func testTextWithoutFailures() {
    XCTAssertEqual(
      TextReport.render([results[0]], seconds: 0),
      "\n1 passed, 0 failed, 0 pending (1 scenario in 0.0 s)\n")
  }

  // MARK: - Tracebacks

  func testTrimTracebackDropsTheRunnersFrames() {
    let message = """
      a_spec.lua:9: boom
      stack traceback:
      \t[C]: in function 'error'
      \ta_spec.lua:9: in function <a_spec.lua:7>
      \t[C]: in function 'xpcall'
      \t[string "navd-spec-prelude"]:90: in function 'runner.run'
      \t[C]: in ?
      """
    XCTAssertEqual(
      ScenarioRunner.trimTraceback(message),
      """
      a_spec.lua:9: boom
      stack traceback:
      \t[C]: in function 'error'
      \ta_spec.lua:9: in function <a_spec.lua:7>
      """)
  }
}
