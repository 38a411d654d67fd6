// The request lines the control-socket figures send: navd's store.send and a RESP PING.

extension SocketBenchmark {
  /// The request line of one `store.send` of the counter's increment.
  static let sendLine =
    Array(
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"incrementButtonTapped"}}"#
        .utf8) + [UInt8(ascii: "\n")]
  /// A RESP `PING`, as redis-benchmark's PING_MBULK sends it.
  static let pingLine = Array("*1\r\n$4\r\nPING\r\n".utf8)
}
