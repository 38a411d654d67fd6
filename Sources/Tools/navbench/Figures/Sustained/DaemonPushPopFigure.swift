// Push/pop cycles on a navigation session of navd over its socket, 16 lines per write.

import Foundation
import Glibc

extension SustainedBenchmark {
  /// Cycles a `navigation` session of a navd in its own process, 16 pipelined lines at a time.
  static func daemon(total: Int, window: Int) -> Figure {
    signal(SIGPIPE, SIG_IGN)
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let navd = NavdUnderTest(socketPath: directory + "/navd.sock")
    defer { navd.stop() }
    let client = LineSocket.connect(navd.socketPath)
    client.write(
      Array(
        (#"{"jsonrpc":"2.0","id":0,"method":"session.open","params":{"name":"nav","#
          + #""feature":"navigation"}}"# + "\n").utf8))
    client.readLines(1) { line in
      guard SocketBenchmark.integer(after: SocketBenchmark.versionKey, in: line) != nil else {
        fatalError("navbench: session.open failed: \(String(decoding: line, as: UTF8.self))")
      }
    }
    // Eight cycles per write: 16 lines, each answered with its version.
    let lines = (0..<8).flatMap { _ in
      [
        #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"session":"nav","#
          + #""action":"goToABCButtonTapped"}}"# + "\n",
        #"{"jsonrpc":"2.0","id":2,"method":"store.send","params":{"session":"nav","#
          + #""action":"popToRoot"}}"# + "\n",
      ]
    }
    let batch = Array(lines.joined().utf8)
    var rssAfterFirst = 0
    let rssBefore = SocketBenchmark.residentBytes(of: navd.pid)
    let times = cycleTimes(total: total / 8, window: window / 8) {
      client.write(batch)
      client.readLines(16) { line in
        guard SocketBenchmark.integer(after: SocketBenchmark.versionKey, in: line) != nil else {
          fatalError("navbench: a push/pop failed: \(String(decoding: line, as: UTF8.self))")
        }
      }
    } afterFirst: {
      rssAfterFirst = SocketBenchmark.residentBytes(of: navd.pid)
    }
    report.append(
      "navd push/pop: RSS \(mebibytes(rssBefore)) before, \(mebibytes(rssAfterFirst)) after the "
        + "first \(window.formatted()) cycles, \(mebibytes(SocketBenchmark.residentBytes(of: navd.pid))) "
        + "after \(total.formatted()).")
    return figure(daemonFigureName, times, cyclesPerChunk: max(window / 8 / 10, 1) * 8)
  }
}
