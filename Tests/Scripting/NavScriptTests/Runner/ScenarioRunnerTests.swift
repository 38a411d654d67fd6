import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif
import NavScript
import XCTest

/// Collects what a runner writes.
final class OutputBuffer: @unchecked Sendable {
  private let lock = NSLock()
  private var text = ""

  func append(_ string: String) { lock.withLock { text += string } }
  var value: String { lock.withLock { text } }
}

final class ScenarioRunnerTests: XCTestCase {
  static let counterSpec = """
    describe("Counter", function()
      it("increments #fast", function()
        local app = navd.launch("counter")
        app:send("incrementButtonTapped")
        assert.same(1, app.state.count)
      end)
      it("fails on purpose #slow", function()
        local app = navd.launch("counter")
        assert.same(2, app.state.count)
      end)
      pending("is not written yet")
    end)
    """

  static let contactsSpec = """
    describe("Contacts", function()
      it("adds a contact", function()
        local app = navd.launch("contacts")
        app:send("addButtonTapped")
        app:send("destination.presented.addContact.setName", "Blob")
        app:send("destination.presented.addContact.saveButtonTapped")
        local s = app:await(function(s) return #s.contacts == 1 and s.destination == nil end)
        assert.same("Blob", s.contacts[1].name)
      end)
      it("leaves a timer running #slow", function()
        local app = navd.launch("navigation")
        app:send("goToABCButtonTapped")
        app:send("path.element(-1).screenC.startButtonTapped")
      end)
    end)
    """

  static let allNames = [
    "Counter increments #fast", "Counter fails on purpose #slow", "Counter is not written yet",
    "Contacts adds a contact", "Contacts leaves a timer running #slow",
  ]

  var directory = ""

  override func setUpWithError() throws {
    let url = try temporaryDirectory(self)
    directory = url.path
    try FileManager.default.createDirectory(
      at: url.appendingPathComponent("sub"), withIntermediateDirectories: true)
    try Self.counterSpec.write(
      to: url.appendingPathComponent("a_spec.lua"), atomically: true, encoding: .utf8)
    try Self.contactsSpec.write(
      to: url.appendingPathComponent("sub/b_spec.lua"), atomically: true, encoding: .utf8)
    try "error('a helper, not a spec')".write(
      to: url.appendingPathComponent("helper.lua"), atomically: true, encoding: .utf8)
  }

  func options(_ configure: (inout ScenarioOptions) -> Void = { _ in }) -> ScenarioOptions {
    var options = ScenarioOptions()
    options.paths = [directory]
    options.progress = false
    configure(&options)
    return options
  }

  func run(_ options: ScenarioOptions) -> (status: Int32, output: String) {
    let buffer = OutputBuffer()
    let status = ScenarioRunner(options: options, features: caseStudyFeatures).run {
      buffer.append($0)
    }
    return (status, buffer.value)
  }

  /// The full names `--list` gives for `options`.
  func listedNames(_ options: ScenarioOptions) -> [String] {
    var options = options
    options.list = true
    let (status, output) = run(options)
    XCTAssertEqual(status, 0)
    return output.split(separator: "\n").map { line in
      var name = String(line.split(separator: ": ", maxSplits: 1)[1])
      if name.hasSuffix(" (pending)") { name = String(name.dropLast(" (pending)".count)) }
      return name
    }
  }

  // MARK: - Exit status and text

  func testFailuresGiveExitStatusOne() {
    let (status, output) = run(options())
    XCTAssertEqual(status, 1)
    XCTAssertTrue(output.contains("\n2 passed, 2 failed, 1 pending (5 scenarios in "), output)
    XCTAssertTrue(output.contains("✗ Counter fails on purpose #slow\n"), output)
    XCTAssertTrue(output.contains("a_spec.lua:9: Expected objects to be the same."), output)
    XCTAssertTrue(output.contains("✗ Contacts leaves a timer running #slow\n"), output)
    XCTAssertTrue(
      output.contains("the navigation store still has an effect running, started by: "), output)
    XCTAssertFalse(output.contains("✗ Counter increments"), output)
  }

  func testPassingRunGivesExitStatusZero() {
    let (status, output) = run(options { $0.filter = "increments" })
    XCTAssertEqual(status, 0)
    XCTAssertTrue(output.hasPrefix("\n1 passed, 0 failed, 0 pending (1 scenario in "), output)
  }

  func testPendingOnlyRunPasses() {
    let (status, output) = run(options { $0.filter = "not written" })
    XCTAssertEqual(status, 0)
    XCTAssertTrue(output.hasPrefix("\n0 passed, 0 failed, 1 pending (1 scenario in "), output)
  }

  func testMissingPath() {
    let (status, output) = run(options { $0.paths = ["\(directory)/nowhere"] })
    XCTAssertEqual(status, 1)
    XCTAssertEqual(output, "error: no such file or directory: \(directory)/nowhere\n")
  }

  func testDirectoryWithoutSpecs() throws {
    let empty = try temporaryDirectory(self).path
    let (status, output) = run(options { $0.paths = [empty] })
    XCTAssertEqual(status, 1)
    XCTAssertEqual(output, "error: no scenario files (*_spec.lua) in \(empty)\n")
  }

  /// A directory reached through a symbolic link is searched, with its files named through the
  /// link, as a CI workspace links `specs` to a checkout's.
  func testADirectoryThroughASymbolicLinkIsSearched() throws {
    let link = try temporaryDirectory(self).appendingPathComponent("specs").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory)
    let all = listedNames(options())
    XCTAssertEqual(all.count, 5)
    for path in [link, link + "/"] {
      let (status, output) = run(
        options {
          $0.paths = [path]; $0.list = true
        })
      XCTAssertEqual(status, 0, output)
      XCTAssertTrue(output.hasPrefix("\(link)/a_spec.lua:"), output)
      XCTAssertEqual(listedNames(options { $0.paths = [path] }), all)
    }
  }

  /// A spec file that runs but declares no `it` is a mistake, not a pass: exit 1, named.
  func testFilesWithoutAScenarioFail() throws {
    let file = "\(directory)/empty_spec.lua"
    try "local helper = 1".write(toFile: file, atomically: true, encoding: .utf8)
    let (status, output) = run(options { $0.paths = [file] })
    XCTAssertEqual(status, 1)
    XCTAssertEqual(output, "error: no scenario (an `it` inside a `describe`) in \(file)\n")
  }

  /// `--repeat` runs the selection again, and a scenario that passed and failed is named flaky.
  ///
  /// The coin is Lua's own `math.random`, seeded afresh in every Lua state: over 30 runs both
  /// sides come up but for a chance of 2 in a billion.
  func testRepeatsReportAFlakyScenarioByName() throws {
    let file = "\(directory)/coin_spec.lua"
    try """
    describe("coin", function()
      it("lands heads", function() assert.is_true(math.random() < 0.5) end)
      it("is steady", function() end)
    end)
    """.write(toFile: file, atomically: true, encoding: .utf8)
    let (status, output) = run(
      options {
        $0.paths = [file]; $0.repeatCount = 30
      })
    XCTAssertEqual(status, 1, "a flaky scenario failed at least once")
    XCTAssertTrue(output.contains("(60 scenarios in "), output)
    XCTAssertTrue(output.contains("Flaky (passed and failed across the 30 runs):\n"), output)
    XCTAssertTrue(output.contains("  coin lands heads (\(file):2): failed "), output)
    XCTAssertFalse(output.contains("coin is steady ("), "a steady scenario is not flaky")
  }

  /// The same seed gives the same order, another seed another; every scenario still runs once.
  func testShuffleIsTheSameForTheSameSeed() {
    func order(_ seed: UInt64) -> String {
      run(
        options {
          $0.list = true; $0.shuffle = true; $0.seed = seed
        }
      ).output
    }
    let plain = run(options { $0.list = true }).output
    XCTAssertEqual(order(7), order(7))
    XCTAssertNotEqual(order(7), order(8))
    XCTAssertEqual(order(7).split(separator: "\n").sorted(), plain.split(separator: "\n").sorted())
  }

  func testFailFastStartsNothingAfterTheFirstFailure() throws {
    let file = "\(directory)/order_spec.lua"
    try """
    it("fails first", function() assert.is_true(false) end)
    it("would pass", function() end)
    """.write(toFile: file, atomically: true, encoding: .utf8)
    let all = run(options { $0.paths = [file, "\(directory)/a_spec.lua"] }).output
    XCTAssertTrue(all.contains("2 passed, 2 failed, 1 pending"), all)
    let fast = run(
      options {
        $0.paths = [file, "\(directory)/a_spec.lua"]; $0.failFast = true
      })
    XCTAssertEqual(fast.status, 1)
    XCTAssertTrue(fast.output.contains("0 passed, 1 failed, 0 pending"), fast.output)
  }

  func testFileThatDoesNotLoad() throws {
    let file = "\(directory)/broken_spec.lua"
    try "describe(\"x\", function() it(\"y\" end)".write(
      toFile: file, atomically: true, encoding: .utf8)
    let (status, output) = run(options { $0.paths = [file] })
    XCTAssertEqual(status, 1)
    XCTAssertTrue(output.contains("✗ \(file) (loading)\n"), output)
    XCTAssertTrue(output.contains("0 passed, 1 failed, 0 pending (1 scenario in "), output)
  }

  func testSingleFileAsPath() {
    let (status, output) = run(options { $0.paths = ["\(directory)/sub/b_spec.lua"] })
    XCTAssertEqual(status, 1)
    XCTAssertTrue(output.contains("1 passed, 1 failed, 0 pending (2 scenarios in "), output)
  }

  // MARK: - Selecting

  func testListMode() {
    let (status, output) = run(options { $0.list = true })
    XCTAssertEqual(status, 0)
    XCTAssertEqual(
      output,
      """
      \(directory)/a_spec.lua:2: Counter increments #fast
      \(directory)/a_spec.lua:7: Counter fails on purpose #slow
      \(directory)/a_spec.lua:11: Counter is not written yet (pending)
      \(directory)/sub/b_spec.lua:2: Contacts adds a contact
      \(directory)/sub/b_spec.lua:10: Contacts leaves a timer running #slow

      """)
  }

  func testFilter() {
    XCTAssertEqual(listedNames(options { $0.filter = "Contacts" }), Array(Self.allNames[3...]))
    XCTAssertEqual(
      listedNames(options { $0.filter = "^Counter [fi]" }),
      ["Counter increments #fast", "Counter fails on purpose #slow", "Counter is not written yet"])
    // Not a valid Lua pattern: matched as plain text.
    XCTAssertEqual(
      listedNames(options { $0.filter = "on purpose #" }), ["Counter fails on purpose #slow"])
  }

  /// A selection that selects nothing fails, saying the filter is a Lua pattern: a typo or an
  /// unescaped `-` must not pass as an empty, green run.
  func testAFilterOrTagsThatMatchNothingFail() {
    for filter in ["nothing matches", "purpose ("] {
      let (status, output) = run(options { $0.filter = filter })
      XCTAssertEqual(status, 1, filter)
      XCTAssertTrue(output.hasPrefix("error: no scenario matches --filter '\(filter)'"), output)
      XCTAssertTrue(output.contains("a Lua pattern"), output)
    }
    let (status, output) = run(options { $0.tags = ["nosuchtag"] })
    XCTAssertEqual(status, 1)
    XCTAssertEqual(output, "error: no scenario matches --tags nosuchtag\n")
  }

  func testTags() {
    XCTAssertEqual(listedNames(options { $0.tags = ["fast"] }), ["Counter increments #fast"])
    XCTAssertEqual(
      listedNames(options { $0.tags = ["slow"] }),
      ["Counter fails on purpose #slow", "Contacts leaves a timer running #slow"])
    XCTAssertEqual(
      listedNames(options { $0.tags = ["fast", "slow"] }),
      [
        "Counter increments #fast", "Counter fails on purpose #slow",
        "Contacts leaves a timer running #slow",
      ])
    XCTAssertEqual(run(options { $0.tags = ["sl"] }).status, 1, "a tag matches whole")
  }

  func testExcludeTags() {
    XCTAssertEqual(
      listedNames(options { $0.excludeTags = ["slow"] }),
      ["Counter increments #fast", "Counter is not written yet", "Contacts adds a contact"])
    XCTAssertEqual(
      run(
        options {
          $0.tags = ["slow"]
          $0.excludeTags = ["slow"]
        }
      ).status, 1, "excluding every tagged scenario selects nothing")
  }

  func testExcludingTheFailuresPasses() {
    let (status, _) = run(options { $0.excludeTags = ["slow"] })
    XCTAssertEqual(status, 0)
  }

  func testShardsPartitionTheScenarios() {
    for count in 1...4 {
      var union: [String] = []
      for index in 1...count {
        let shard = listedNames(options { $0.shard = (index, count) })
        XCTAssertEqual(
          shard,
          Self.allNames.enumerated().filter { $0.offset % count == index - 1 }.map(\.element),
          "shard \(index)/\(count)")
        union += shard
      }
      XCTAssertEqual(union.count, Self.allNames.count, "shards of \(count) are disjoint")
      XCTAssertEqual(Set(union), Set(Self.allNames), "shards of \(count) cover everything")
    }
  }

  func testShardNumbersRestartInTAP() {
    let (_, output) = run(
      options {
        $0.output = .tap
        $0.shard = (2, 2)
      })
    XCTAssertEqual(
      output.split(separator: "\n").filter { $0.hasPrefix("ok") || $0.hasPrefix("not ok") },
      ["not ok 1 - Counter fails on purpose \\#slow", "ok 2 - Contacts adds a contact"])
  }

  // MARK: - Reports

  func testTAPOutput() {
    let (status, output) = run(options { $0.output = .tap })
    XCTAssertEqual(status, 1)
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    XCTAssertEqual(Array(lines.prefix(2)), ["TAP version 13", "1..5"])
    XCTAssertEqual(
      lines.filter { $0.hasPrefix("ok") || $0.hasPrefix("not ok") },
      [
        "ok 1 - Counter increments \\#fast",
        "not ok 2 - Counter fails on purpose \\#slow",
        "ok 3 - Counter is not written yet # SKIP pending",
        "ok 4 - Contacts adds a contact",
        "not ok 5 - Contacts leaves a timer running \\#slow",
      ])
    XCTAssertTrue(lines.contains("  at: \"\(directory)/a_spec.lua:7\""), output)
    XCTAssertTrue(lines.contains("  at: \"\(directory)/sub/b_spec.lua:10\""), output)
    XCTAssertEqual(lines.filter { $0 == "  ---" }.count, 2)
    XCTAssertEqual(lines.filter { $0 == "  ..." }.count, 2)
    XCTAssertEqual(lines.last, "")
  }

  func testJUnitOutputIsValidXML() throws {
    let (status, output) = run(options { $0.output = .junit })
    XCTAssertEqual(status, 1)
    try checkJUnit(output)
  }

  func checkJUnit(_ output: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let document = try XMLDocument(xmlString: output, options: [])
    let root = try XCTUnwrap(document.rootElement(), file: file, line: line)
    XCTAssertEqual(root.name, "testsuites", file: file, line: line)
    XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "5", file: file, line: line)
    XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "2", file: file, line: line)
    XCTAssertEqual(root.attribute(forName: "skipped")?.stringValue, "1", file: file, line: line)
    XCTAssertEqual(try document.nodes(forXPath: "//testsuite").count, 2, file: file, line: line)
    XCTAssertEqual(try document.nodes(forXPath: "//testcase").count, 5, file: file, line: line)
    XCTAssertEqual(try document.nodes(forXPath: "//failure").count, 2, file: file, line: line)
    XCTAssertEqual(try document.nodes(forXPath: "//skipped").count, 1, file: file, line: line)
    let names = try document.nodes(forXPath: "//testcase/@name").map { $0.stringValue ?? "" }
    XCTAssertEqual(names, Self.allNames, file: file, line: line)
    let failed = try document.nodes(forXPath: "//testcase[failure]/@name").map {
      $0.stringValue ?? ""
    }
    XCTAssertEqual(failed, [Self.allNames[1], Self.allNames[4]], file: file, line: line)
    let suites = try document.nodes(forXPath: "//testsuite/@tests").map { $0.stringValue ?? "" }
    XCTAssertEqual(suites, ["3", "2"], file: file, line: line)
  }

  func testJUnitFileIsWrittenBesideTheOutput() throws {
    let report = "\(try temporaryDirectory(self).path)/report.xml"
    let (status, output) = run(
      options {
        $0.output = .tap
        $0.junitFile = report
      })
    XCTAssertEqual(status, 1)
    XCTAssertTrue(output.hasPrefix("TAP version 13\n"), output)
    try checkJUnit(try String(contentsOfFile: report, encoding: .utf8))
  }

  func testJSONOutput() throws {
    let (status, output) = run(options { $0.output = .json })
    XCTAssertEqual(status, 1)
    let document = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let summary = try XCTUnwrap(document["summary"] as? [String: Any])
    XCTAssertEqual(summary["total"] as? Int, 5)
    XCTAssertEqual(summary["passed"] as? Int, 2)
    XCTAssertEqual(summary["failed"] as? Int, 2)
    XCTAssertEqual(summary["pending"] as? Int, 1)
    XCTAssertNotNil(summary["seconds"] as? Double)
    let scenarios = try XCTUnwrap(document["scenarios"] as? [[String: Any]])
    XCTAssertEqual(scenarios.map { $0["full_name"] as? String }, Self.allNames)
    XCTAssertEqual(
      scenarios.map { $0["status"] as? String },
      ["passed", "failed", "pending", "passed", "failed"])
    XCTAssertEqual(scenarios.map { $0["line"] as? Int }, [2, 7, 11, 2, 10])
    XCTAssertEqual(scenarios[0]["name"] as? String, "increments #fast")
    XCTAssertEqual(scenarios[0]["file"] as? String, "\(directory)/a_spec.lua")
    XCTAssertEqual(scenarios[0]["message"] as? String, "")
    let message = try XCTUnwrap(scenarios[1]["message"] as? String)
    XCTAssertTrue(message.contains("a_spec.lua:9: Expected objects to be the same."), message)
    XCTAssertFalse(message.contains("navd-spec-prelude"), message)
  }

  func testJobsGiveTheSameResults() throws {
    // Five more files, so that several workers run at once.
    for number in 1...5 {
      try Self.counterSpec.replacingOccurrences(of: "Counter", with: "Counter\(number)").write(
        toFile: "\(directory)/c\(number)_spec.lua", atomically: true, encoding: .utf8)
    }
    let one = run(options { $0.output = .tap })
    let four = run(
      options {
        $0.output = .tap
        $0.jobs = 4
      })
    XCTAssertEqual(one.status, 1)
    XCTAssertEqual(four.status, one.status)
    XCTAssertTrue(one.output.hasPrefix("TAP version 13\n1..20\n"), one.output)
    XCTAssertEqual(four.output, one.output)
  }

  func testBeforeAndAfterEachHooks() throws {
    let file = "\(directory)/hooks_spec.lua"
    try """
    local log = {}
    describe("outer", function()
      before_each(function() table.insert(log, "before outer") end)
      after_each(function() table.insert(log, "after outer") end)
      describe("inner", function()
        before_each(function() table.insert(log, "before inner") end)
        it("runs first", function() table.insert(log, "test 1") end)
        it("sees the hooks", function()
          assert.same({
            "before outer", "before inner", "test 1", "after outer",
            "before outer", "before inner",
          }, log)
        end)
      end)
    end)
    """.write(toFile: file, atomically: true, encoding: .utf8)
    let (status, output) = run(options { $0.paths = [file] })
    XCTAssertEqual(status, 0, output)
    XCTAssertTrue(output.contains("2 passed, 0 failed, 0 pending"), output)
  }

  func testInstructionBudgetStopsRunawayScenarios() throws {
    let file = "\(directory)/loop_spec.lua"
    try """
    it("loops forever", function() while true do end end)
    it("then passes", function() end)
    """.write(toFile: file, atomically: true, encoding: .utf8)
    let (status, output) = run(
      options {
        $0.paths = [file]
        $0.instructionBudget = 1_000_000
        $0.output = .tap
      })
    XCTAssertEqual(status, 1)
    XCTAssertTrue(output.contains("not ok 1 - loops forever\n"), output)
    XCTAssertTrue(output.contains("instruction budget exceeded"), output)
    XCTAssertTrue(output.contains("ok 2 - then passes\n"), output)
  }
}
