// Foundation's async APIs that TCA apps use and swift-corelibs-foundation lacks, with
// `import Dependencies` alone: notifications as a sequence, and a response's bytes.

import Testing

@testable import Dependencies

@Test func notificationsArriveAsAnAsyncSequenceUntilItsIterationEnds() async {
  let center = NotificationCenter()
  let name = Notification.Name("navd.test.ping")
  let notifications = center.notifications(named: name)
  center.post(name: name, object: nil, userInfo: ["n": 1])
  center.post(name: Notification.Name("navd.test.other"), object: nil)
  center.post(name: name, object: nil, userInfo: ["n": 2])
  var received: [Int] = []
  for await notification in notifications {
    received.append(notification.userInfo?["n"] as? Int ?? 0)
    if received.count == 2 { break }
  }
  #expect(received == [1, 2], "only the named notifications, in order")
}

@Test func aResponsesBytesArriveOneAtATimeAndAsLines() async throws {
  // A body as `bytes(from:)` hands it out (the fetch itself is URLSession's `data(for:)`;
  // Linux's URLSession loads no file URLs to test it with here).
  let bytes = URLSession.AsyncBytes(data: Data("first line\nsecond line\n".utf8))
  var count = 0
  for try await _ in bytes { count += 1 }
  #expect(count == 23)
  var lines: [String] = []
  for try await line in bytes.lines { lines.append(line) }
  #expect(lines == ["first line", "second line"])
}
