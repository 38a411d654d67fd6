// redis-benchmark run beside the round-trip figures, for the peer's own requests per second.

import Foundation

extension SocketBenchmark {
  /// Runs `redis-benchmark -s SOCK -t ping -q` with `arguments` and keeps its figures.
  static func runRedisBenchmark(_ redis: RedisServer, label: String, arguments: [String]) {
    guard let executable = findExecutable("redis-benchmark") else {
      report.append("redis-benchmark (\(label)): not installed (apt-get install redis-tools)")
      return
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["-s", redis.socketPath, "-t", "ping", "-q"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      report.append("redis-benchmark (\(label)): did not start: \(error)")
      return
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let lines = String(decoding: data, as: UTF8.self)
      .split(whereSeparator: { $0 == "\r" || $0 == "\n" })
      .filter { $0.contains("requests per second") }
    let figures = lines.compactMap { line -> String? in
      let parts = line.split(separator: " ")
      guard parts.count >= 2, let perSecond = Double(parts[1]) else { return nil }
      return "\(parts[0]) \(formatted(perSecond / 1000, digits: 1))k/s"
    }
    redisBenchmarkFigures[label] =
      figures.isEmpty
      ? "no figures (exit \(process.terminationStatus))" : figures.joined(separator: ", ")
  }

  /// `redis-benchmark`'s requests per second, by the figure they sit beside.
  nonisolated(unsafe) static var redisBenchmarkFigures: [String: String] = [:]
}
