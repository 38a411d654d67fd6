// EventBroadcast: the open pages' event streams, each sent every event.

import Foundation

/// The event streams of the pages open now; a stream whose page went away is dropped at the next
/// event.
final class EventBroadcast: @unchecked Sendable {
  private let lock = NSLock()
  private var streams: [EventStream] = []

  /// Adds a page's stream.
  func add(_ stream: EventStream) {
    lock.lock()
    streams.append(stream)
    lock.unlock()
  }

  /// Sends event `name` with `data` to every open stream.
  func send(_ name: String, _ data: String) {
    lock.lock()
    streams.removeAll { $0.isClosed }
    let open = streams
    lock.unlock()
    for stream in open { stream.send(name, data) }
  }

  /// Ends every stream.
  func closeAll() {
    lock.lock()
    let open = streams
    streams.removeAll()
    lock.unlock()
    for stream in open { stream.close() }
  }

}
