// The control-socket figures, navd against redis-server: names, goals and running order.

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// The control socket against Redis: navd (a `Server` with a `counter` session, live clock, in a
// child process: navbench run again with `--serve-navd`) and a `redis-server` child, both on
// temporary Unix sockets, timed from the same minimal blocking client (`LineSocket`), so both
// sides pay the same client cost:
//
// - one client's `store.send` round trip against a RESP `PING` round trip;
// - the same from 8 client threads at once;
// - a pipelined batch of 16 requests (16 lines written at once, 16 response lines read) against
//   16 pipelined `PING`s;
// - state events delivered to 100 subscribers (every version checked, none may be lost) against
//   Redis `PUBLISH` to 100 `SUBSCRIBE`d connections;
// - the memory one attached idle client costs the process, against what one idle client costs
//   `redis-server`.
//
// `redis-benchmark` runs beside them for the peer's own figures. Without `redis-server`, navd's
// side is timed alone and the note says why there is no ratio.

enum SocketBenchmark {
  /// Every figure's name starts with this, so `--filter "control socket"` selects them all.
  static let prefix = "control socket: "
  /// One client's round trips.
  static let singleFigureName = prefix + "store.send round trip, 1 client"
  /// Eight clients' round trips.
  static let concurrentFigureName = prefix + "store.send round trips, 8 clients"
  /// Pipelined batches of 16.
  static let pipelinedFigureName = prefix + "16 pipelined store.send lines (per batch)"
  /// One JSON-RPC batch of 16.
  static let batchFigureName = prefix + "JSON-RPC batch of 16 store.send (info)"
  /// State events to 100 subscribers.
  static let eventsFigureName = prefix + "state event to 100 subscribers (per event)"
  /// Memory per idle client.
  static let memoryFigureName = prefix + "memory per idle client (bytes, not ns)"

  /// How many clients the concurrent figure uses.
  static let concurrentClients = 8
  /// How many requests one pipelined batch holds.
  static let pipelineDepth = 16
  /// How many subscribers receive the events.
  static let subscriberCount = 100
  /// How many idle clients the memory figure attaches.
  static let idleClientCount = 200

  /// Goal: state events per second that each subscriber receives.
  static let eventsGoal = 10_000.0
  /// Goal: bytes per attached idle client.
  static let memoryGoal = 64.0 * 1024

  /// What the run printed and measured besides the table: `redis-benchmark`'s figures and notes.
  nonisolated(unsafe) static var report: [String] = []

  static func figures(settings: MeasureSettings, including: (String) -> Bool) -> [Figure] {
    let names = [
      memoryFigureName, singleFigureName, concurrentFigureName, pipelinedFigureName,
      batchFigureName,
      eventsFigureName,
    ]
    guard names.contains(where: including) else { return [] }
    signal(SIGPIPE, SIG_IGN)
    let isQuick = settings.batchNanoseconds < 10_000_000
    let directory = temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }

    let redis = RedisServer.start(in: directory)
    if redis == nil {
      report.append(
        "Note: redis-server was not found or did not start, so the control-socket figures have "
          + "no Redis peer (ratio —); install it with `apt-get install redis-server redis-tools`.")
    }
    defer { redis?.stop() }
    let navd = NavdUnderTest(socketPath: directory + "/navd.sock")
    defer { navd.stop() }

    var figures: [Figure] = []
    // Memory first, on a fresh process heap: later figures would leave freed memory behind that
    // new clients reuse.
    if including(memoryFigureName) {
      figures.append(memoryFigure(navd: navd, redis: redis))
    }
    if including(singleFigureName) {
      let navdClient = LineSocket.connect(navd.socketPath)
      let redisClient = redis.map { LineSocket.connect($0.socketPath) }
      figures.append(
        figure(
          singleFigureName,
          measured: roundTrips(navdClient, label: "store.send"),
          floor: redisClient.map { roundTrips($0, label: "Redis PING, same client") },
          goal: 1, settings: settings))
      if let redis {
        runRedisBenchmark(
          redis, label: "1 client", arguments: ["-c", "1", "-n", isQuick ? "2000" : "20000"])
      }
    }
    if including(concurrentFigureName) {
      let pool = ClientPool(
        navdPath: navd.socketPath, redisPath: redis?.socketPath, clients: concurrentClients)
      figures.append(
        figure(
          concurrentFigureName, measured: pool.navdOperation(label: "store.send"),
          floor: pool.redisOperation(label: "Redis PING, 8 clients"), goal: 1,
          settings: settings))
      pool.stop()
      if let redis {
        runRedisBenchmark(
          redis, label: "8 clients", arguments: ["-c", "8", "-n", isQuick ? "4000" : "50000"])
      }
    }
    if including(pipelinedFigureName) {
      let navdClient = LineSocket.connect(navd.socketPath)
      let redisClient = redis.map { LineSocket.connect($0.socketPath) }
      figures.append(
        figure(
          pipelinedFigureName,
          measured: pipelined(navdClient, label: "store.send ×16"),
          floor: redisClient.map { pipelined($0, label: "Redis PING ×16") },
          goal: 2, settings: settings))
      if let redis {
        runRedisBenchmark(
          redis, label: "-P 16",
          arguments: ["-c", "1", "-P", "16", "-n", isQuick ? "16000" : "400000"])
      }
    }
    if including(batchFigureName) {
      let navdClient = LineSocket.connect(navd.socketPath)
      let redisClient = redis.map { LineSocket.connect($0.socketPath) }
      figures.append(
        figure(
          batchFigureName, measured: batch(navdClient, label: "[store.send ×16]"),
          floor: redisClient.map { pipelined($0, label: "Redis PING ×16") }, goal: nil,
          settings: settings))
    }
    if including(eventsFigureName) {
      let navdFan = EventFan(path: navd.socketPath, isNavd: true)
      let redisFan = redis.map { EventFan(path: $0.socketPath, isNavd: false) }
      figures.append(
        figure(
          eventsFigureName, measured: navdFan.operation(label: "event.state"),
          floor: redisFan?.operation(label: "Redis PUBLISH to 100"), goal: nil,
          settings: settings))
      navdFan.stop()
      redisFan?.stop()
    }
    return figures
  }

  /// The figure for `measured` beside `floor`, or `measured` alone when there is no floor.
  static func figure(
    _ name: String, measured: BenchOperation, floor: BenchOperation?, goal: Double?,
    settings: MeasureSettings
  ) -> Figure {
    if let floor {
      return compare(name, measured: measured, floor: floor, goal: goal, settings: settings)
    }
    let iterations = calibrate(measured, toFill: settings.batchNanoseconds)
    warmUp(measured, for: settings.warmUpNanoseconds / 2, iterations: iterations / 4 + 1)
    let times = (0..<settings.batches).map { _ in
      Double(timeBatch(measured, iterations: iterations)) / Double(iterations)
    }
    return Figure(
      name: name, floorName: "(no Redis)", measured: median(times), floor: 0, goal: nil,
      pairedRange: 0...0)
  }
}
