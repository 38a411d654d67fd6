// The control-socket lines printed below the table, and which of their goals were missed.

extension SocketBenchmark {
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
