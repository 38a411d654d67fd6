// One JSON-RPC batch of 16 store.send and its one response: the batch figure's operation.

extension SocketBenchmark {
  /// One JSON-RPC batch (an array) of `pipelineDepth` `store.send` requests and its one response
  /// line, `n` times; every version in it must follow the last.
  static func batch(_ socket: LineSocket, label: String) -> BenchOperation {
    let request =
      [UInt8(ascii: "[")]
      + Array(
        repeatElement(sendLine.dropLast(), count: pipelineDepth)
          .joined(separator: [UInt8(ascii: ",")])) + Array("]\n".utf8)
    var last = 0
    return BenchOperation(label: label) { n in
      for _ in 0..<n {
        socket.write(request)
        socket.readLines(1) { line in
          var rest = UnsafeRawBufferPointer(rebasing: line[...])
          var count = 0
          while let found = scanInteger(after: versionKey, in: rest) {
            if found.value != last + 1 && last != 0 {
              fatalError("navbench: a batch returned version \(found.value) after \(last)")
            }
            last = found.value
            count += 1
            rest = UnsafeRawBufferPointer(rebasing: rest[found.end...])
          }
          if count != pipelineDepth {
            fatalError("navbench: a batch of 16 was answered with \(count) versions")
          }
        }
      }
      return last
    }
  }
}
