// EventBroadcast: the open pages' event streams, each sent the events of the session it shows.

import Foundation

/// The event streams of the pages open now, each for one session; a stream whose page went
/// away is dropped at the next event.
final class EventBroadcast: @unchecked Sendable {
  private let lock = NSLock()
  private var streams: [(session: String, stream: EventStream)] = []
  private var count = 0

  /// Adds a page's stream of `session`'s events.
  func add(_ stream: EventStream, session: String) {
    lock.lock()
    streams.append((session, stream))
    lock.unlock()
  }

  /// Sends event `name` with `data` to every open stream of `session` (of every session, when
  /// `nil`).
  func send(_ name: String, _ data: String, session: String? = nil) {
    lock.lock()
    streams.removeAll { $0.stream.isClosed }
    let open = streams.filter { session == nil || $0.session == session }.map(\.stream)
    if !open.isEmpty { count += 1 }
    lock.unlock()
    for stream in open { stream.send(name, data) }
  }

  /// How many streams are open.
  var openCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return streams.filter { !$0.stream.isClosed }.count
  }

  /// How many events reached at least one stream.
  var sent: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }

  /// Ends every stream.
  func closeAll() {
    lock.lock()
    let open = streams
    streams.removeAll()
    lock.unlock()
    for (_, stream) in open { stream.close() }
  }
}
