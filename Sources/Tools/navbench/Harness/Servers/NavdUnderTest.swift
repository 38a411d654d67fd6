// navd under test: navbench run again with --serve-navd, serving a counter session.

import CNavSys
import Foundation
import NavHosting
import NavServer
import NavTransport
import ScriptedCaseStudies

#if canImport(Glibc)
  import Glibc
#endif

/// navd in a child process (navbench run again with `--serve-navd`), serving a `counter`
/// session named `main` (live clock).
final class NavdUnderTest {
  /// The control socket.
  let socketPath: String
  /// The child's process id.
  let pid: Int32
  private let process: Process

  /// navd's `busy-poll-us` setting from `navbench --busy-poll-us`; nil keeps navd's default.
  nonisolated(unsafe) static var busyPoll: Int?

  /// The option that makes navbench serve navd instead of measuring (see ``serve(at:)``).
  static let serveOption = "--serve-navd"

  /// Starts navbench again as `navbench --serve-navd SOCKET` and waits until it answers.
  ///
  /// navd runs in a process of its own, as it does in use and as `redis-server` does here: the
  /// client threads, their allocations and the scheduler's choices stay out of its process, so
  /// both servers are timed the same way.
  init(socketPath: String) {
    self.socketPath = socketPath
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = [Self.serveOption, socketPath] + (Self.busyPoll.map { ["\($0)"] } ?? [])
    process.standardOutput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      fatalError("navbench: cannot start navd's process: \(error)")
    }
    self.process = process
    self.pid = process.processIdentifier
    let deadline = monotonicNanoseconds() + 10_000_000_000
    while monotonicNanoseconds() < deadline, process.isRunning {
      if BlockingLineSocket.isAccepting(socketPath) { return }
      usleep(10_000)
    }
    fatalError("navbench: navd did not come up on \(socketPath)")
  }

  /// Stops navd's process and waits for it.
  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  /// Serves navd with a `counter` session on `socketPath` until the parent stops it (or dies),
  /// with navd's busy polling set to `busyPoll` microseconds (nil: navd's default).
  static func serve(at socketPath: String, busyPoll: Int?) -> Never {
    let parent = getppid()
    var configuration = Server.Configuration(socketPath: socketPath)
    configuration.sessions = [Server.SessionSpec(name: "main", feature: "counter")]
    configuration.maximumClients = 1024
    if let busyPoll { configuration.busyPoll = .microseconds(busyPoll) }
    do {
      let server = try Server(
        configuration: configuration, features: ScriptFeature.caseStudies,
        log: Logger(level: .warning))
      try server.start()
      // SIGTERM ends the process (its default action); a parent gone without it ends it too.
      while getppid() == parent { sleep(1) }
      exit(0)
    } catch {
      FileHandle.standardError.write(Data("navbench: navd did not start: \(error)\n".utf8))
      exit(1)
    }
  }
}
