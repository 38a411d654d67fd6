// Three clients on one session of a real navd process: this Swift test (through NavClient)
// awaits a predicate, a Python standard-library client watches the state events, and navctl
// sends the actions that make the predicate true.

import Foundation
import NavClient
import NavProtocol
import XCTest

final class DaemonEndToEndTests: XCTestCase {
  /// The directory of the built executables (the test bundle sits beside them).
  private var binaries: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  }

  private var repository: URL {
    // Tests/Daemon/NavServerTests/DaemonEndToEndTests.swift
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
  }

  func testSwiftPythonAndNavctlClientsShareOneSession() throws {
    let navd = binaries.appendingPathComponent("navd")
    let navctl = binaries.appendingPathComponent("navctl")
    guard FileManager.default.isExecutableFile(atPath: navd.path),
      FileManager.default.isExecutableFile(atPath: navctl.path)
    else {
      throw XCTSkip("navd and navctl are not built beside the tests (swift build builds them)")
    }
    let directory = try temporaryTestDirectory("swift-e2e")
    defer { try? FileManager.default.removeItem(at: directory) }
    let (daemon, socket) = try launchNavd(["--session", "c=counter"], in: directory)
    defer {
      daemon.terminate()
      daemon.waitUntilExit()
    }

    // The Python watcher: subscribes, then rebuilds the state from 4 patches.
    let watcher = Process()
    watcher.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    watcher.arguments = [
      "python3", repository.appendingPathComponent("Tests/EndToEnd/watch_events.py").path,
      socket, "c", "4",
    ]
    let watcherOutput = Pipe()
    watcher.standardOutput = watcherOutput
    try watcher.run()
    let reader = watcherOutput.fileHandleForReading
    var ready = Data()
    while !String(decoding: ready, as: UTF8.self).contains("ready\n") {
      let chunk = reader.availableData
      XCTAssertFalse(chunk.isEmpty, "the Python watcher ended before subscribing")
      if chunk.isEmpty { return }
      ready.append(chunk)
    }

    // This Swift client waits for the count to reach 3, on its own thread.
    let awaited = Box<Result<JSONValue, RemoteError>>()
    let waiting = Thread {
      awaited.value = Result { () throws(RemoteError) in
        try RemoteClient(socketPath: socket).call(
          "store.await", ["session": "c", "predicate": "s.count == 3", "timeout": 30])
      }
    }
    waiting.start()
    usleep(200_000)

    // navctl sends three increments and a decrement.
    for action in [
      "incrementButtonTapped", "incrementButtonTapped", "incrementButtonTapped",
      "decrementButtonTapped",
    ] {
      let send = Process()
      send.executableURL = navctl
      send.arguments = ["send", action, "--socket", socket, "--session", "c"]
      try send.run()
      send.waitUntilExit()
      XCTAssertEqual(send.terminationStatus, 0, "navctl send \(action)")
    }

    while awaited.value == nil { usleep(10_000) }
    let result = try awaited.value!.get()
    XCTAssertEqual(result["state"], ["count": 3])
    XCTAssertEqual(result["version"], 3)

    let rest = reader.readDataToEndOfFile()
    watcher.waitUntilExit()
    let lines = String(decoding: ready + rest, as: UTF8.self).split(separator: "\n")
    let rebuilt = try JSONParser().parse(String(lines.last ?? ""))
    XCTAssertEqual(rebuilt["versions"], [1, 2, 3, 4])
    XCTAssertEqual(rebuilt["state"], ["count": 2])
    let final = try RemoteClient(socketPath: socket).call("store.state", ["session": "c"])
    XCTAssertEqual(final["state"], rebuilt["state"], "the patches rebuild the final state")
  }
}

/// A value set on one thread and read on another.
private final class Box<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value?
  var value: Value? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
