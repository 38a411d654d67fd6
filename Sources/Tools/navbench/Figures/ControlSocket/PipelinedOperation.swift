// 16 requests written at once and their responses read: the pipelined figure's operation.

extension SocketBenchmark {
  /// `pipelineDepth` requests written at once and their responses read, `n` times.
  static func pipelined(_ socket: LineSocket, label: String) -> BenchOperation {
    let isNavd = socket.path.hasSuffix("navd.sock")
    let request = Array(
      repeatElement(isNavd ? sendLine : pingLine, count: pipelineDepth).joined())
    var last = 0
    return BenchOperation(label: label) { n in
      for _ in 0..<n {
        socket.write(request)
        socket.readLines(pipelineDepth) { line in last = check(line, isNavd: isNavd, after: last) }
      }
      return last
    }
  }
}
