// HostCommandLine: the subcommands' help is the one source of their options, completions and
// manual page; options before a command move after it.

import Foundation
import XCTest

@testable import NavKit

final class HostCommandLineTests: XCTestCase {
  private let host = HostCommandLine(features: [], defaultCommand: nil)

  func testOptionsAreReadFromEachCommandsHelp() {
    XCTAssertEqual(
      HostCommandLine.options(in: host.help(of: "watch")),
      ["--events", "--count", "--timeout", "--socket", "--session", "--json", "--help"])
    let test = HostCommandLine.options(in: host.help(of: "test"))
    XCTAssertTrue(
      test.contains("-j") && test.contains("--jobs") && test.contains("--shard"), "\(test)")
    let serve = HostCommandLine.options(in: host.help(of: "serve"))
    XCTAssertTrue(serve.contains("--state-dir") && serve.contains("--check-config"), "\(serve)")
  }

  func testEveryCommandHasHelp() {
    for name in HostCommandLine.commandNames {
      XCTAssertTrue(host.help(of: name).hasPrefix("usage: "), "\(name): \(host.help(of: name))")
    }
  }

  func testSharedOptionsBeforeTheCommandMoveAfterIt() {
    XCTAssertEqual(
      HostCommandLine.commandFirst(["--socket", "/s", "--json", "tap", "Save"]),
      ["tap", "--socket", "/s", "--json", "Save"])
    // Without a command after them, they are left for the default command (navd's serve).
    XCTAssertEqual(
      HostCommandLine.commandFirst(["--socket", "/s"]), ["--socket", "/s"])
  }

  func testAnUnknownCommandIsAUsageError() {
    XCTAssertEqual(host.run(["frobnicate"]), 2)
  }

  func testTheBashCompletionIsValidAndCompletesCommandsAndOptions() throws {
    let script = CompletionCommand.bash(host)
    XCTAssertEqual(try bash("bash -n", stdin: script).status, 0)
    let completed = try bash(
      """
      source /dev/stdin
      COMP_WORDS=(\(Program.name) watch --co); COMP_CWORD=2; _\(Program.name.map { $0.isLetter || $0.isNumber ? $0 : "_" }.map(String.init).joined())_complete
      echo "${COMPREPLY[*]}"
      """, stdin: script)
    XCTAssertEqual(completed.output.trimmingCharacters(in: .whitespacesAndNewlines), "--count")
  }

  func testTheManualPageRendersWithoutAWarning() throws {
    let page = ManualCommand.page(host)
    XCTAssertTrue(page.hasPrefix(".TH "), page)
    XCTAssertFalse(page.unicodeScalars.contains { !$0.isASCII }, "roff must be ASCII")
    let rendered = try bash("groff -man -Tutf8 -ww 2>&1 >/dev/null", stdin: page)
    XCTAssertEqual(rendered.output, "", "groff warned")
  }

  /// Runs `command` in bash with `stdin`; returns its status and standard output.
  private func bash(_ command: String, stdin: String) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", command]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
