// What the daemon's tests share: a server in this process, or navd in a process of its own, each
// on a socket in a fresh temporary directory.

import Foundation
import NavScript
import ScriptedCaseStudies
import XCTest

@testable import NavServer

/// A fresh temporary directory named after `label`; the caller removes it.
func temporaryTestDirectory(_ label: String) throws -> URL {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("navd-\(label)-\(UUID().uuidString.prefix(8))")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory
}

/// A started server on a socket in a temporary directory, serving a `counter` session named
/// `main`; the caller stops it and removes the directory.
func startTestServer(_ label: String) throws -> (
  server: Server, socket: String, directory: URL, configuration: Server.Configuration
) {
  let directory = try temporaryTestDirectory(label)
  let socket = directory.appendingPathComponent("control.sock").path
  var configuration = Server.Configuration(socketPath: socket)
  configuration.sessions = [Server.SessionSpec(name: "main", feature: "counter")]
  let server = try Server(
    configuration: configuration, features: ScriptFeature.caseStudies,
    log: Logger(level: .error), notifier: SystemdNotifier(environment: [:]))
  try server.start()
  return (server, socket, directory, configuration)
}

/// navd, built beside the tests, running in a process of its own with `arguments` on a socket
/// in `directory`, once the socket is there (at most 20 s); the caller terminates it.
func launchNavd(_ arguments: [String], in directory: URL) throws -> (
  process: Process, socket: String
) {
  let binaries = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let navd = binaries.appendingPathComponent("navd")
  guard FileManager.default.isExecutableFile(atPath: navd.path) else {
    throw XCTSkip("navd is not built beside the tests (swift build builds it)")
  }
  let socket = directory.appendingPathComponent("control.sock").path
  let daemon = Process()
  daemon.executableURL = navd
  daemon.arguments = ["--socket", socket] + arguments + ["--log-level", "error"]
  try daemon.run()
  let started = Date()
  while !FileManager.default.fileExists(atPath: socket), Date().timeIntervalSince(started) < 20 {
    usleep(20_000)
  }
  return (daemon, socket)
}
