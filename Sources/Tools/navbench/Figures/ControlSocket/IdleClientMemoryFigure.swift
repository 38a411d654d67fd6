// The memory one attached idle client costs navd, against what one costs redis-server.

#if canImport(Glibc)
  import Glibc
#endif

extension SocketBenchmark {
  /// RSS before and after attaching `idleClientCount` idle clients, per client, for navd (this
  /// process) and for `redis-server`.
  static func memoryFigure(navd: NavdUnderTest, redis: RedisServer?) -> Figure {
    let attach =
      Array(
        #"{"jsonrpc":"2.0","id":1,"method":"session.attach","params":{"name":"main"}}"#.utf8) + [
        UInt8(ascii: "\n")
      ]
    /// Connects `idleClientCount` clients to `path`, each sending `request` and reading its
    /// answer, and returns the RSS growth of `pid`'s process per client.
    func perClient(path: String, request: [UInt8], pid: Int32?) -> (Double, [LineSocket]) {
      let before = residentBytes(of: pid)
      var clients: [LineSocket] = []
      clients.reserveCapacity(idleClientCount)
      for _ in 0..<idleClientCount {
        let client = LineSocket.connect(path, bufferSize: 256)
        client.write(request)
        client.readLines(1) { line in
          if line.starts(with: #"{"jsonrpc":"2.0","error""#.utf8) || line.first == UInt8(ascii: "-")
          {
            fatalError(
              "navbench: an idle client was refused: \(String(decoding: line, as: UTF8.self))")
          }
        }
        clients.append(client)
      }
      usleep(50_000)  // let the daemon's queues settle
      let after = residentBytes(of: pid)
      return (Double(after - before) / Double(idleClientCount), clients)
    }
    let (navdBytes, navdClients) = perClient(
      path: navd.socketPath, request: attach, pid: navd.pid)
    let redisResult = redis.map {
      perClient(path: $0.socketPath, request: pingLine, pid: $0.pid)
    }
    withExtendedLifetime(navdClients) {}
    withExtendedLifetime(redisResult?.1) {}
    let redisBytes = redisResult?.0 ?? 0
    let ratio = redisBytes > 0 ? navdBytes / redisBytes : 0
    return Figure(
      name: memoryFigureName, floorName: redis == nil ? "(no Redis)" : "Redis, bytes per client",
      measured: navdBytes, floor: redisBytes, goal: nil, pairedRange: ratio...ratio)
  }
}
