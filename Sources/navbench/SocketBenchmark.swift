import CNavSys
import Foundation
import NavScript
import NavServer
import ScriptedCaseStudies

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
      let navdClient = LineSocket(path: navd.socketPath)
      let redisClient = redis.map { LineSocket(path: $0.socketPath) }
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
      let navdClient = LineSocket(path: navd.socketPath)
      let redisClient = redis.map { LineSocket(path: $0.socketPath) }
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
      let navdClient = LineSocket(path: navd.socketPath)
      let redisClient = redis.map { LineSocket(path: $0.socketPath) }
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

  // MARK: - Operations

  /// The request line of one `store.send` of the counter's increment.
  static let sendLine =
    Array(
      #"{"jsonrpc":"2.0","id":1,"method":"store.send","params":{"action":"incrementButtonTapped"}}"#
        .utf8) + [UInt8(ascii: "\n")]
  /// A RESP `PING`, as redis-benchmark's PING_MBULK sends it.
  static let pingLine = Array("*1\r\n$4\r\nPING\r\n".utf8)

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

  /// Checks one response line and returns its version (navd) or `previous + 1` (Redis).
  ///
  /// navd's line must be a result whose version follows `previous` (only this client sends; with
  /// `strictly` false, it need only be later); Redis's must be `+PONG`.
  @inline(__always)
  static func check(
    _ line: UnsafeRawBufferPointer, isNavd: Bool, after previous: Int, strictly: Bool = true
  ) -> Int {
    if isNavd {
      guard let version = integer(after: versionKey, in: line), line.starts(with: resultPrefix)
      else {
        fatalError(
          "navbench: navd answered store.send with \(String(decoding: line, as: UTF8.self))")
      }
      if strictly ? version != previous + 1 && previous != 0 : version <= previous {
        fatalError("navbench: store.send returned version \(version) after \(previous)")
      }
      return version
    }
    guard line.elementsEqual("+PONG\r\n".utf8) else {
      fatalError("navbench: Redis answered PING with \(String(decoding: line, as: UTF8.self))")
    }
    return previous &+ 1
  }

  /// What precedes the version in navd's responses and events.
  static let versionKey = Array(#""version":"#.utf8)
  /// How navd's successful responses begin.
  static let resultPrefix = Array(#"{"jsonrpc":"2.0","result":"#.utf8)

  /// The decimal integer right after the first `key` in `line`, if any.
  @inline(__always)
  static func integer(after key: [UInt8], in line: UnsafeRawBufferPointer) -> Int? {
    scanInteger(after: key, in: line)?.value
  }

  /// The decimal integer right after the first `key` in `line` and the offset just past it.
  @inline(__always)
  static func scanInteger(after key: [UInt8], in line: UnsafeRawBufferPointer) -> (
    value: Int, end: Int
  )? {
    guard line.count >= key.count, let base = line.baseAddress else { return nil }
    var found: Int?
    key.withUnsafeBytes { key in
      for offset in 0...(line.count - key.count)
      where line[offset] == key[0] && memcmp(base + offset, key.baseAddress!, key.count) == 0 {
        found = offset
        return
      }
    }
    guard let found else { return nil }
    var index = found + key.count
    var value = 0
    var digits = 0
    while index < line.count, line[index] >= 48, line[index] <= 57 {
      value = value &* 10 &+ Int(line[index] &- 48)
      index += 1
      digits += 1
    }
    return digits > 0 ? (value, index) : nil
  }

  // MARK: - Memory

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
        let client = LineSocket(path: path, bufferSize: 256)
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

  /// The resident set of process `pid` (this process when nil), in bytes, from `/proc/*/statm`.
  static func residentBytes(of pid: Int32?) -> Int {
    let path = pid.map { "/proc/\($0)/statm" } ?? "/proc/self/statm"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  // MARK: - redis-benchmark

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

  /// The throughput block printed below the table, and the goals stated only there (events and
  /// memory; the round-trip goals are the table's) that were missed.
  static func throughput(_ figures: [Figure]) -> (lines: [String], missed: [String]) {
    var lines: [String] = []
    var missed: [String] = []
    func peer(_ label: String) -> String {
      redisBenchmarkFigures[label].map { "; redis-benchmark \(label): \($0)" } ?? ""
    }
    func navdVersusRedis(_ figure: Figure, perOperation: Double, goal: Double) -> String {
      let navd = perOperation * 1e9 / figure.measured
      guard figure.floor > 0 else {
        return "\(formatted(navd / 1000, digits: 1))k/s (no Redis to compare with)"
      }
      let redis = perOperation * 1e9 / figure.floor
      return "\(formatted(navd / 1000, digits: 1))k/s, Redis PING the same way "
        + "\(formatted(redis / 1000, digits: 1))k/s: \(formatted(navd / redis, digits: 2))× "
        + "(goal ≥ \(formatted(goal, digits: 1))×: \(navd / redis >= goal ? "yes" : "NO"))"
    }
    if let single = figures.first(where: { $0.name == singleFigureName }) {
      lines.append(
        "Control socket, 1 client: store.send \(navdVersusRedis(single, perOperation: 1, goal: 1))"
          + "\(peer("1 client"))")
    }
    if let concurrent = figures.first(where: { $0.name == concurrentFigureName }) {
      lines.append(
        "Control socket, 8 clients: store.send \(navdVersusRedis(concurrent, perOperation: 1, goal: 1))"
          + "\(peer("8 clients"))")
    }
    if let pipelined = figures.first(where: { $0.name == pipelinedFigureName }) {
      lines.append(
        "Control socket, 16 pipelined lines: store.send "
          + "\(navdVersusRedis(pipelined, perOperation: Double(pipelineDepth), goal: 0.5))"
          + "\(peer("-P 16"))")
    }
    if let events = figures.first(where: { $0.name == eventsFigureName }) {
      let perSubscriber = 1e9 / events.measured
      let redis = events.floor > 0 ? 1e9 / events.floor : 0
      let met = perSubscriber >= eventsGoal
      if !met { missed.append("events per subscriber") }
      lines.append(
        "Control socket, 100 subscribers: \(formatted(perSubscriber / 1000, digits: 1))k state "
          + "events/s each, none lost (goal ≥ \(formatted(eventsGoal / 1000, digits: 0))k: "
          + "\(met ? "yes" : "NO"))"
          + (redis > 0
            ? "; Redis PUBLISH \(formatted(redis / 1000, digits: 1))k messages/s each" : ""))
    }
    if let memory = figures.first(where: { $0.name == memoryFigureName }) {
      let met = memory.measured <= memoryGoal
      if !met { missed.append("memory per idle client") }
      lines.append(
        "Control socket, memory: \(formatted(memory.measured / 1024, digits: 1)) KiB per attached "
          + "idle client (\(idleClientCount) clients; goal ≤ "
          + "\(formatted(memoryGoal / 1024, digits: 0)) KiB: "
          + "\(met ? "yes" : "NO"))"
          + (memory.floor > 0
            ? "; redis-server \(formatted(memory.floor / 1024, digits: 1)) KiB per idle client"
            : ""))
    }
    if !lines.isEmpty {
      lines.append(
        "Control socket, navd's busy-poll-us: "
          + (NavdUnderTest.busyPoll.map { "\($0) (--busy-poll-us)" } ?? "navd's default"))
    }
    return (lines + report, missed)
  }
}

// MARK: - The servers

/// navd in a child process (navbench run again with `--serve-navd`), serving a `counter`
/// session named `main` (live clock).
final class NavdUnderTest {
  /// The control socket.
  let socketPath: String
  /// The child's process id.
  let pid: Int32
  private let process: Process

  /// navd's `busy-poll-us` setting from `navbench --busy-poll-us`; nil keeps navd's default.
  nonisolated(unsafe) static var busyPoll: Int?

  /// The option that makes navbench serve navd instead of measuring (see ``serve(at:)``).
  static let serveOption = "--serve-navd"

  /// Starts navbench again as `navbench --serve-navd SOCKET` and waits until it answers.
  ///
  /// navd runs in a process of its own, as it does in use and as `redis-server` does here: the
  /// client threads, their allocations and the scheduler's choices stay out of its process, so
  /// both servers are timed the same way.
  init(socketPath: String) {
    self.socketPath = socketPath
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = [Self.serveOption, socketPath] + (Self.busyPoll.map { ["\($0)"] } ?? [])
    process.standardOutput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      fatalError("navbench: cannot start navd's process: \(error)")
    }
    self.process = process
    self.pid = process.processIdentifier
    let deadline = monotonicNanoseconds() + 10_000_000_000
    while monotonicNanoseconds() < deadline, process.isRunning {
      let descriptor = navsys_unix_socket(0)
      defer { close(descriptor) }
      if navsys_unix_connect(descriptor, socketPath) == 0 { return }
      usleep(10_000)
    }
    fatalError("navbench: navd did not come up on \(socketPath)")
  }

  /// Stops navd's process and waits for it.
  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }

  /// Serves navd with a `counter` session on `socketPath` until the parent stops it (or dies),
  /// with navd's busy polling set to `busyPoll` microseconds (nil: navd's default).
  static func serve(at socketPath: String, busyPoll: Int?) -> Never {
    let parent = getppid()
    var configuration = Server.Configuration(socketPath: socketPath)
    configuration.sessions = [Server.SessionSpec(name: "main", feature: "counter")]
    configuration.maximumClients = 1024
    if let busyPoll { configuration.busyPoll = .microseconds(busyPoll) }
    do {
      let server = try Server(
        configuration: configuration, features: ScriptFeature.caseStudies,
        log: Logger(level: .warning))
      try server.start()
      // SIGTERM ends the process (its default action); a parent gone without it ends it too.
      while getppid() == parent { sleep(1) }
      exit(0)
    } catch {
      FileHandle.standardError.write(Data("navbench: navd did not start: \(error)\n".utf8))
      exit(1)
    }
  }
}

/// A `redis-server` child process on a Unix socket, without persistence.
final class RedisServer {
  /// The Unix socket.
  let socketPath: String
  /// The child's process id.
  let pid: Int32
  private let process: Process

  private init(socketPath: String, process: Process) {
    self.socketPath = socketPath
    self.process = process
    self.pid = process.processIdentifier
  }

  /// Starts `redis-server` with its socket in `directory` and waits until it answers; nil when
  /// it is not installed or does not come up within 5 s.
  static func start(in directory: String) -> RedisServer? {
    guard let redis = findExecutable("redis-server") else { return nil }
    let socketPath = directory + "/redis.sock"
    let process = Process()
    let redisArguments = [
      "--port", "0", "--unixsocket", socketPath, "--unixsocketperm", "700", "--save", "",
      "--appendonly", "no", "--daemonize", "no", "--maxclients", "1024", "--loglevel", "warning",
    ]
    // setpriv --pdeathsig stops Redis should navbench die before stopping it.
    if let setpriv = findExecutable("setpriv") {
      process.executableURL = URL(fileURLWithPath: setpriv)
      process.arguments = ["--pdeathsig", "TERM", redis] + redisArguments
    } else {
      process.executableURL = URL(fileURLWithPath: redis)
      process.arguments = redisArguments
    }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return nil
    }
    let deadline = monotonicNanoseconds() + 5_000_000_000
    while monotonicNanoseconds() < deadline, process.isRunning {
      let descriptor = navsys_unix_socket(0)
      if navsys_unix_connect(descriptor, socketPath) == 0 {
        close(descriptor)
        return RedisServer(socketPath: socketPath, process: process)
      }
      close(descriptor)
      usleep(10_000)
    }
    if process.isRunning { process.terminate() }
    return nil
  }

  /// Stops Redis and waits for it.
  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }
}

/// The first executable named `name` on `PATH`.
func findExecutable(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin:/usr/sbin:/sbin"
  let directories = path.split(separator: ":").map(String.init)
  return directories.map { $0 + "/" + name }.first { access($0, X_OK) == 0 }
}

/// A new private directory under /tmp (short, as socket paths must be).
func temporaryDirectory() -> String {
  var template = Array("/tmp/navbench.XXXXXX".utf8CString)
  guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
    fatalError("navbench: cannot create a temporary directory in /tmp")
  }
  return String(cString: made)
}

// MARK: - The client

/// A minimal blocking client of a line-oriented Unix socket, the same for navd and for Redis.
///
/// It writes bytes as given and reads until it has the number of `\n`-terminated lines asked for
/// (a RESP `+PONG\r\n` is one line; navd's JSON-RPC responses are one line each).
final class LineSocket: @unchecked Sendable {
  /// The socket's path.
  let path: String
  /// The connected socket.
  let descriptor: Int32
  private let buffer: UnsafeMutableRawBufferPointer
  private var start = 0
  private var end = 0

  /// Connects to `path`, blocking; reads into a buffer of `bufferSize` bytes.
  init(path: String, bufferSize: Int = 64 * 1024) {
    self.path = path
    descriptor = navsys_unix_socket(0)
    guard descriptor >= 0, navsys_unix_connect(descriptor, path) == 0 else {
      fatalError("navbench: cannot connect to \(path): \(String(cString: strerror(errno)))")
    }
    buffer = .allocate(byteCount: bufferSize, alignment: 16)
  }

  deinit {
    close(descriptor)
    buffer.deallocate()
  }

  /// Writes all of `bytes`.
  func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          fatalError("navbench: writing to \(path) failed: \(String(cString: strerror(errno)))")
        }
        offset += written
      }
    }
  }

  /// Reads until `count` lines have arrived, handing each (with its `\n`) to `body`.
  @inline(__always)
  func readLines(_ count: Int, _ body: (UnsafeRawBufferPointer) -> Void) {
    var remaining = count
    while remaining > 0 {
      if let line = nextLine() {
        body(line)
        remaining -= 1
      } else {
        fill()
      }
    }
  }

  /// The next complete line already read, if any.
  @inline(__always)
  func nextLine() -> UnsafeRawBufferPointer? {
    guard start < end,
      let newline = memchr(buffer.baseAddress! + start, 0x0A, end - start)
    else { return nil }
    let length =
      UnsafeRawPointer(buffer.baseAddress! + start).distance(
        to: UnsafeRawPointer(newline)) + 1
    let line = UnsafeRawBufferPointer(start: buffer.baseAddress! + start, count: length)
    start += length
    return line
  }

  /// Reads once (blocking) into the buffer, after moving a partial line to its front.
  func fill() {
    if start > 0 {
      if start < end { memmove(buffer.baseAddress!, buffer.baseAddress! + start, end - start) }
      end -= start
      start = 0
    }
    guard end < buffer.count else {
      fatalError("navbench: a line from \(path) is longer than \(buffer.count) bytes")
    }
    while true {
      let count = read(descriptor, buffer.baseAddress! + end, buffer.count - end)
      if count > 0 {
        end += count
        return
      }
      if count < 0, errno == EINTR { continue }
      fatalError(
        "navbench: \(path) closed the connection"
          + (count < 0 ? ": \(String(cString: strerror(errno)))" : ""))
    }
  }
}

// MARK: - Threads

/// A thread that runs one job at a time, handed over with ``begin(_:)``.
final class Worker: @unchecked Sendable {
  private let started = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)
  private var job: (() -> Void)?

  init(name: String) {
    let thread = Thread { [self] in
      while true {
        started.wait()
        guard let job else { return }
        job()
        finished.signal()
      }
    }
    thread.name = name
    thread.start()
  }

  /// Runs `job` on the worker's thread.
  func begin(_ job: @escaping () -> Void) {
    self.job = job
    started.signal()
  }

  /// Waits until the job has finished.
  func wait() { finished.wait() }

  /// Ends the thread.
  func stop() {
    job = nil
    started.signal()
  }
}

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
        sockets: (0..<clients).map { _ in LineSocket(path: path) }, isNavd: isNavd,
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

/// `subscriberCount` subscribed connections, and a sender on its own thread.
///
/// For navd: each subscriber asked for `"state"` events; the sender sends increments, pipelined
/// in chunks; every subscriber must see every version, in order. For Redis: each subscriber
/// `SUBSCRIBE`d to one channel; the sender `PUBLISH`es numbered messages to it.
final class EventFan {
  private let isNavd: Bool
  private let sender: LineSocket
  private let senderThread = Worker(name: "navbench.sender")
  private let subscribers: [LineSocket]
  /// Per subscriber: the last version (navd) or message number (Redis) seen.
  private var seen: [Int]
  /// Per Redis subscriber: the position within the current 7-line `message` reply.
  private var redisLine: [Int]
  private var published = 0
  private var polls: [pollfd]

  /// How many events one chunk sends before waiting for every subscriber to have them, which
  /// bounds what waits in the server's queues.
  static let chunk = 2048
  /// How many requests the sender writes before reading their responses.
  static let senderWindow = 128

  init(path: String, isNavd: Bool) {
    self.isNavd = isNavd
    sender = LineSocket(path: path)
    subscribers = (0..<SocketBenchmark.subscriberCount).map { _ in LineSocket(path: path) }
    seen = Array(repeating: 0, count: subscribers.count)
    redisLine = Array(repeating: 0, count: subscribers.count)
    polls = subscribers.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
    for (index, subscriber) in subscribers.enumerated() {
      if isNavd {
        subscriber.write(
          Array(
            #"{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"events":["state"]}}"#.utf8)
            + [UInt8(ascii: "\n")])
        subscriber.readLines(1) { line in
          guard let version = SocketBenchmark.integer(after: SocketBenchmark.versionKey, in: line)
          else {
            fatalError("navbench: subscribe failed: \(String(decoding: line, as: UTF8.self))")
          }
          seen[index] = version
        }
      } else {
        subscriber.write(Array("*2\r\n$9\r\nSUBSCRIBE\r\n$5\r\nbench\r\n".utf8))
        subscriber.readLines(6) { _ in }  // *3, $9, subscribe, $5, bench, :1
      }
    }
    if isNavd {
      // The sender's own first round trip: the version everyone starts from.
      sender.write(SocketBenchmark.sendLine)
      sender.readLines(1) { _ in }
      drain(upTo: seen[0] + 1)
    }
  }

  /// `n` events delivered to every subscriber.
  func operation(label: String) -> BenchOperation {
    BenchOperation(label: label) { [self] n in
      var remaining = n
      while remaining > 0 {
        let count = min(remaining, Self.chunk)
        let target = (isNavd ? seen.min()! : published) + count
        send(count)
        drain(upTo: target)
        senderThread.wait()
        remaining -= count
      }
      return seen.min()!
    }
  }

  /// Starts the sender on its thread: `count` requests, in windows of `senderWindow`.
  private func send(_ count: Int) {
    let isNavd = isNavd
    let sender = sender
    let published = Array(":\(SocketBenchmark.subscriberCount)\r\n".utf8)
    let first = self.published + 1
    self.published += count
    senderThread.begin {
      var next = first
      var remaining = count
      while remaining > 0 {
        let window = min(remaining, Self.senderWindow)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(window * 64)
        for _ in 0..<window {
          if isNavd {
            bytes.append(contentsOf: SocketBenchmark.sendLine)
          } else {
            let number = String(next)
            bytes.append(
              contentsOf:
                "*3\r\n$7\r\nPUBLISH\r\n$5\r\nbench\r\n$\(number.utf8.count)\r\n\(number)\r\n"
                .utf8)
          }
          next += 1
        }
        sender.write(bytes)
        sender.readLines(window) { line in
          if isNavd
            ? !line.starts(with: SocketBenchmark.resultPrefix)
            : !line.elementsEqual(published)
          {
            fatalError("navbench: a publish failed: \(String(decoding: line, as: UTF8.self))")
          }
        }
        remaining -= window
      }
    }
  }

  /// Reads every subscriber until each has seen `target`, checking that nothing was skipped.
  private func drain(upTo target: Int) {
    // Locals, not properties, in the loop: no exclusivity checks on the reader's hot path.
    var seen = self.seen
    var redisLine = self.redisLine
    defer {
      self.seen = seen
      self.redisLine = redisLine
    }
    var behind = subscribers.count - seen.filter { $0 >= target }.count
    while behind > 0 {
      let ready = poll(&polls, nfds_t(polls.count), 10_000)
      if ready == 0 {
        let lost = seen.map { target - $0 }.max()!
        fatalError(
          "navbench: after 10 s, \(behind) of \(subscribers.count) subscribers still miss events "
            + "(up to \(lost) each): events were lost")
      }
      if ready < 0 { continue }
      for index in polls.indices where polls[index].revents != 0 {
        let subscriber = subscribers[index]
        let wasBehind = seen[index] < target
        var last = seen[index]
        subscriber.fill()
        while let line = subscriber.nextLine() {
          if isNavd {
            guard let version = SocketBenchmark.integer(after: SocketBenchmark.versionKey, in: line)
            else { continue }
            if version != last + 1 {
              fatalError(
                "navbench: subscriber \(index) got version \(version) after \(last): "
                  + "events were lost")
            }
            last = version
          } else {
            redisLine[index] += 1
            if redisLine[index] == 7 {
              redisLine[index] = 0
              let number = line.prefix(while: { $0 >= 48 && $0 <= 57 })
                .reduce(0) { $0 * 10 + Int($1 - 48) }
              if number != last + 1 {
                fatalError("navbench: Redis subscriber \(index) got \(number) after \(last)")
              }
              last = number
            }
          }
        }
        seen[index] = last
        if wasBehind, last >= target { behind -= 1 }
      }
    }
  }

  /// Ends the sender's thread.
  func stop() { senderThread.stop() }
}
