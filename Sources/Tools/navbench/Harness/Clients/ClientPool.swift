// Client threads doing round trips at once to navd or Redis: the 8-client figure's load.

/// `clients` threads doing blocking round trips, each with a connection to navd and, when
/// Redis runs, one to Redis.
///
/// The same threads measure both servers: where the scheduler puts a thread, and which threads
/// it wakes together, lasts for the whole run, so separate threads per server made each side's
/// figure depend on its own threads' placement as much as on the server.
final class ClientPool {
  private let workers: [Worker]
  private var navd: Side
  private var redis: Side?

  /// One server's connections, one per thread, and the last version each saw.
  private struct Side {
    let sockets: [LineSocket]
    let isNavd: Bool
    var last: [Int]
  }

  init(navdPath: String, redisPath: String?, clients: Int) {
    workers = (0..<clients).map { Worker(name: "navbench.client.\($0)") }
    func side(_ path: String, isNavd: Bool) -> Side {
      Side(
        sockets: (0..<clients).map { _ in LineSocket.connect(path) }, isNavd: isNavd,
        last: Array(repeating: 0, count: clients))
    }
    navd = side(navdPath, isNavd: true)
    redis = redisPath.map { side($0, isNavd: false) }
  }

  /// `n` navd `store.send` round trips in all, shared among the clients, all at once.
  func navdOperation(label: String) -> BenchOperation {
    BenchOperation(label: label) { [self] n in run(n, on: &navd) }
  }

  /// `n` Redis `PING` round trips in all, shared among the same clients; nil without Redis.
  func redisOperation(label: String) -> BenchOperation? {
    guard redis != nil else { return nil }
    return BenchOperation(label: label) { [self] n in run(n, on: &redis!) }
  }

  private func run(_ n: Int, on side: inout Side) -> Int {
    let request = side.isNavd ? SocketBenchmark.sendLine : SocketBenchmark.pingLine
    let before = side.last.max()!
    let results = UnsafeMutableBufferPointer<Int>.allocate(capacity: workers.count)
    defer { results.deallocate() }
    let isNavd = side.isNavd
    for (index, socket) in side.sockets.enumerated() {
      let share = n / workers.count + (index < n % workers.count ? 1 : 0)
      var previous = side.last[index]
      workers[index].begin {
        for _ in 0..<share {
          socket.write(request)
          socket.readLines(1) { line in
            previous = SocketBenchmark.check(line, isNavd: isNavd, after: previous, strictly: false)
          }
        }
        results[index] = previous
      }
    }
    for (index, worker) in workers.enumerated() {
      worker.wait()
      side.last[index] = results[index]
    }
    if isNavd, before > 0, side.last.max()! - before != n {
      fatalError("navbench: \(n) store.send moved the version by \(side.last.max()! - before)")
    }
    return side.last.max()!
  }

  /// Ends the threads.
  func stop() { workers.forEach { $0.stop() } }
}
