// The sd_notify protocol against a real datagram socket, in the file system and in the abstract
// namespace, and the watchdog's interval.

import Foundation
import Glibc
import NavTransport
import XCTest

@testable import NavServer

final class SystemdNotifierTests: XCTestCase {
  /// A datagram socket bound to `address` (`@name` for the abstract namespace).
  final class Receiver {
    let descriptor: Int32

    init(address: String) throws {
      descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      var storage = sockaddr_un()
      storage.sun_family = sa_family_t(AF_UNIX)
      var bytes = Array(address.utf8)
      let abstract = bytes.first == UInt8(ascii: "@")
      if abstract { bytes[0] = 0 }
      withUnsafeMutableBytes(of: &storage.sun_path) { path in
        for (index, byte) in bytes.enumerated() { path[index] = byte }
      }
      let length =
        MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1)
      let result = withUnsafePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(length))
        }
      }
      guard result == 0 else { throw SystemError(call: "bind", code: errno) }
      var timeout = timeval(tv_sec: 5, tv_usec: 0)
      setsockopt(
        descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    func receive() -> String? {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = recv(descriptor, &buffer, buffer.count, 0)
      guard count >= 0 else { return nil }
      return String(decoding: buffer.prefix(count), as: UTF8.self)
    }
  }

  func testMessagesReachAFileSystemSocket() throws {
    let path = NSTemporaryDirectory() + "navd-notify-\(getpid())-\(UInt32.random(in: 0...9999))"
    defer { unlink(path) }
    let receiver = try Receiver(address: path)
    let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": path])
    XCTAssertTrue(notifier.isEnabled)
    try notifier.ready(status: "Serving 1 session")
    XCTAssertEqual(receiver.receive(), "READY=1\nSTATUS=Serving 1 session")
    try notifier.stopping(status: "Stopping\nnow")
    XCTAssertEqual(receiver.receive(), "STOPPING=1\nSTATUS=Stopping now", "no field injection")
    try notifier.reloading(status: "Reloading")
    let reloading = try XCTUnwrap(receiver.receive())
    XCTAssertTrue(reloading.hasPrefix("RELOADING=1\nMONOTONIC_USEC="), reloading)
    try notifier.watchdog()
    XCTAssertEqual(receiver.receive(), "WATCHDOG=1")
  }

  func testMessagesReachAnAbstractSocket() throws {
    let address = "@navd-notify-test-\(getpid())-\(UInt32.random(in: 0...99999))"
    let receiver = try Receiver(address: address)
    try SystemdNotifier(environment: ["NOTIFY_SOCKET": address]).status("hello")
    XCTAssertEqual(receiver.receive(), "STATUS=hello")
  }

  func testWithoutASocketNothingIsSentAndNothingFails() throws {
    let notifier = SystemdNotifier(environment: [:])
    XCTAssertFalse(notifier.isEnabled)
    try notifier.ready(status: "x")
    XCTAssertFalse(SystemdNotifier(environment: ["NOTIFY_SOCKET": ""]).isEnabled)
  }

  func testASocketNobodyListensOnIsAnErrorNamingIt() {
    let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": "/nonexistent/notify"])
    XCTAssertThrowsError(try notifier.watchdog()) { error in
      XCTAssertTrue("\(error)".contains("/nonexistent/notify"), "\(error)")
    }
  }

  func testTheWatchdogPingsAtHalfItsInterval() {
    XCTAssertEqual(
      SystemdNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "2000000"], pid: 10),
      .seconds(1))
    XCTAssertEqual(
      SystemdNotifier.watchdogInterval(
        environment: ["WATCHDOG_USEC": "2000000", "WATCHDOG_PID": "10"], pid: 10), .seconds(1))
    XCTAssertNil(
      SystemdNotifier.watchdogInterval(
        environment: ["WATCHDOG_USEC": "2000000", "WATCHDOG_PID": "11"], pid: 10),
      "another process's watchdog")
    XCTAssertNil(SystemdNotifier.watchdogInterval(environment: [:], pid: 10))
    XCTAssertNil(SystemdNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "x"], pid: 10))
  }
}
