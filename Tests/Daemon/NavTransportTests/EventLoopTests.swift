import CNavSys
import Dispatch
import Foundation
import Glibc
import Synchronization
import XCTest

@testable import NavTransport

/// The I/O loop runs handed-over work and ready descriptors' handlers whether or not it polls,
/// and stops polling once work is sparse, so an idle daemon spends no CPU.
final class EventLoopTests: XCTestCase {
  /// Hands `loop` a piece of work and waits until the loop ran it.
  private func runOnLoop(_ loop: EventLoop) {
    let done = DispatchSemaphore(value: 0)
    loop.execute { done.signal() }
    XCTAssertEqual(done.wait(timeout: .now() + 5), .success, "the loop ran the work")
  }

  /// Runs util-linux's `taskset` on the calling thread and returns what it printed.
  @discardableResult
  private func taskset(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
    process.arguments = arguments + [try threadID()]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "taskset \(arguments)")
    return text
  }

  /// The calling thread's id, from `/proc/thread-self` (a link to `PID/task/TID`).
  private func threadID() throws -> String {
    let link = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
    return String(link.split(separator: "/").last!)
  }

  /// The CPUs the calling thread may run on, as a list such as `0,1`.
  private func affinity() throws -> String {
    let text = try taskset(["-p", "-c"])
    return String(text.split(separator: ":").last!.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Restricts the calling thread, and the threads it starts from now on, to the CPUs `list`.
  private func setAffinity(_ list: String) throws { try taskset(["-p", "-c", list]) }

  /// Runs `body` with the calling thread, and the threads it starts (a loop's), on CPU 0 alone.
  private func onOneCPU(_ body: () throws -> Void) throws {
    let original = try affinity()
    try setAffinity("0")
    defer { _ = try? setAffinity(original) }
    try body()
  }

  /// Waits, for at most 5 s, until `loop` has stopped polling, and checks that it did.
  private func assertStopsPolling(
    _ loop: EventLoop, file: StaticString = #filePath, line: UInt = #line
  ) {
    let deadline = DispatchTime.now() + 5
    while loop.pollWindow != .zero, DispatchTime.now() < deadline { usleep(1_000) }
    XCTAssertEqual(loop.pollWindow, .zero, file: file, line: line)
  }

  /// A connected pair of Unix stream sockets.
  private func socketPair() -> (Int32, Int32) {
    var pair: [Int32] = [0, 0]
    XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair), 0)
    return (pair[0], pair[1])
  }

  func testDeliversReadinessWithAndWithoutPolling() throws {
    for busyPoll in [Duration.zero, .microseconds(50)] {
      let loop = try EventLoop(busyPoll: busyPoll)
      loop.start(name: "navd.io.test")
      defer { loop.stop() }
      let (server, client) = socketPair()
      defer {
        close(server)
        close(client)
      }
      let readable = DispatchSemaphore(value: 0)
      try loop.register(server, interest: .readable) { readiness in
        var byte: UInt8 = 0
        if readiness.contains(.readable), read(server, &byte, 1) == 1 { readable.signal() }
      }
      for round in 0..<20 {
        var byte = UInt8(round)
        XCTAssertEqual(write(client, &byte, 1), 1)
        XCTAssertEqual(
          readable.wait(timeout: .now() + 5), .success, "round \(round) with \(busyPoll)")
      }
      loop.unregister(server)
    }
  }

  func testStopsPollingWhenWorkIsSparse() throws {
    let loop = try EventLoop(busyPoll: .microseconds(50))
    loop.start(name: "navd.io.test")
    defer { loop.stop() }
    // Work 2 ms apart: each poll after it runs its whole window without work and halves it,
    // and no wake-up comes soon enough to grow it back.
    for _ in 0..<10 {
      runOnLoop(loop)
      usleep(2_000)
    }
    assertStopsPolling(loop)
  }

  func testStopsPollingWhenAnotherThreadWantsItsCPU() throws {
    // The loop and a busy thread share one CPU: the loop's yields run the busy thread, and the
    // window closes. Polling on (a 10 s window) would keep it open for the whole test.
    try onOneCPU {
      let loop = try EventLoop(busyPoll: .seconds(10))  // its thread inherits the one CPU
      // The window as configured, read before the loop runs: once it runs beside this thread
      // on one CPU it may close at any moment (under load it had closed before a check here).
      XCTAssertEqual(loop.pollWindow, .seconds(10))
      loop.start(name: "navd.io.test")
      defer { loop.stop() }
      let spinning = Atomic(true)
      let busy = Thread { while spinning.load(ordering: .relaxed) {} }
      busy.start()
      defer { spinning.store(false, ordering: .relaxed) }
      assertStopsPolling(loop)
    }
  }

  func testStopsPollingWhenItsClientSharesItsCPU() throws {
    // A client on the loop's one CPU, in round trips with it: while the loop polls, the client
    // runs only inside the loop's yields, so each poll takes turns with it. The loop must see
    // those yields and close its window; open, the window would hold each request back.
    try onOneCPU {
      let loop = try EventLoop(busyPoll: .milliseconds(1))
      loop.start(name: "navd.io.test")
      defer { loop.stop() }
      let (server, client) = socketPair()
      defer {
        close(server)
        close(client)
      }
      try loop.register(server, interest: .readable) { _ in
        var byte: UInt8 = 0
        if read(server, &byte, 1) == 1 { _ = write(server, &byte, 1) }
      }
      defer { loop.unregister(server) }
      var open = 0
      let roundTrips = 2_000
      for round in 0..<roundTrips {
        var byte = UInt8(truncatingIfNeeded: round)
        XCTAssertEqual(write(client, &byte, 1), 1)
        XCTAssertEqual(read(client, &byte, 1), 1)
        if loop.pollWindow != .zero { open += 1 }
      }
      XCTAssertLessThan(
        open, roundTrips / 2, "the window was open after \(open) of \(roundTrips) round trips")
    }
  }

  func testNeverPollsWithALimitOfZero() throws {
    let loop = try EventLoop(busyPoll: .zero)
    loop.start(name: "navd.io.test")
    defer { loop.stop() }
    runOnLoop(loop)
    XCTAssertEqual(loop.busyPoll, .zero)
    XCTAssertEqual(loop.pollWindow, .zero)
  }

  func testTheLimitChangesWhileTheLoopRuns() throws {
    let loop = try EventLoop(busyPoll: .zero)
    loop.start(name: "navd.io.test")
    defer { loop.stop() }
    loop.busyPoll = .microseconds(200)
    XCTAssertEqual(loop.busyPoll, .microseconds(200))
    runOnLoop(loop)
    runOnLoop(loop)
    loop.busyPoll = .zero
    runOnLoop(loop)
    runOnLoop(loop)
    XCTAssertEqual(loop.pollWindow, .zero, "a limit lowered to 0 ends polling")
  }
}
