// RemoteUsage: a remote command's usage, written as its help reads, read back into its name,
// arguments, summary and options.

import XCTest

@testable import NavKit

final class RemoteUsageTests: XCTestCase {
  func testTheUsageLineTheSummaryAndTheOptionsAreRead() {
    let usage: RemoteUsage = """
      tap LABEL [MORE]
      tap the control labelled LABEL: on the frontmost screen, \
      always
        --role R   the control's role  (cancel, destructive)
        --quiet    say nothing
      """
    XCTAssertEqual(usage.name, "tap")
    XCTAssertEqual(usage.arguments, "LABEL [MORE]")
    XCTAssertEqual(usage.summary, "tap the control labelled LABEL: on the frontmost screen, always")
    XCTAssertEqual(usage.options.map(\.name), ["--role", "--quiet"])
    XCTAssertEqual(usage.options.map(\.value), ["R", ""])
    // Only the first gap of two spaces or more ends the flag; the help keeps its own.
    XCTAssertEqual(
      usage.options.map(\.help), ["the control's role  (cancel, destructive)", "say nothing"])
  }

  func testACommandWithoutArgumentsOrOptions() {
    let usage: RemoteUsage = """
      back
      go back
      """
    XCTAssertEqual(usage.name, "back")
    XCTAssertEqual(usage.arguments, "")
    XCTAssertEqual(usage.summary, "go back")
    XCTAssertTrue(usage.options.isEmpty)
  }

  func testEveryRemoteCommandIsNamedAfterItsType() {
    for command in RemoteCommands.all {
      let type = String(describing: command).lowercased()
      XCTAssertEqual(type, command.name + "command", "\(command)")
      XCTAssertFalse(command.usage.summary.isEmpty, "\(command)")
      for option in command.usage.options {
        XCTAssertTrue(option.name.hasPrefix("--"), "\(command): \(option)")
        XCTAssertFalse(option.help.isEmpty, "\(command): \(option)")
      }
    }
  }
}
