// Subscribers and a sender on its own thread: the state-event figure's load, navd or Redis.

#if canImport(Glibc)
  import Glibc
#endif

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
    sender = LineSocket.connect(path)
    subscribers = (0..<SocketBenchmark.subscriberCount).map { _ in LineSocket.connect(path) }
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
        do {
          try subscriber.fill()
        } catch {
          fatalError("navbench: reading from \(subscriber.path) failed: \(error)")
        }
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
