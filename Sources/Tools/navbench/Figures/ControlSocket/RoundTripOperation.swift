// One request and its response at a time: the 1-client round-trip figure's operation.

extension SocketBenchmark {
  /// One request and its response, `n` times, on `socket`.
  static func roundTrips(_ socket: LineSocket, label: String) -> BenchOperation {
    let isNavd = socket.path.hasSuffix("navd.sock")
    let request = isNavd ? sendLine : pingLine
    var last = 0
    return BenchOperation(label: label) { n in
      for _ in 0..<n {
        socket.write(request)
        socket.readLines(1) { line in last = check(line, isNavd: isNavd, after: last) }
      }
      return last
    }
  }
}
