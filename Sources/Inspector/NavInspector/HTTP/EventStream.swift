// EventStream: one browser's stream of Server-Sent Events, written by the session's event pump
// and read by the connection's thread.

import Foundation

/// The Server-Sent Events one open page receives: events are queued by the pump and read,
/// blocking, by the thread that writes the connection.
///
/// Events of the same name that queue up before the page reads them are coalesced: only the
/// last one of each name is kept, so a page that falls behind a thousand sends a second gets the
/// latest version, never a backlog. After an event, the stream holds the next ones for
/// `interval`, so they coalesce too: a session sending a thousand actions a second wakes the
/// browser twenty times a second, not a thousand, and the last version always comes. A comment
/// line every `heartbeat` keeps the connection alive and finds out a page that went away.
final class EventStream: @unchecked Sendable {
  /// How long a read waits before it sends a comment instead.
  let heartbeat: Double
  /// The least time between two events, in seconds.
  let interval: Double
  /// When the last event was written.
  private var lastEvent = Date.distantPast
  /// Whether the reader waits out the interval: it wakes by itself then, so a send need not
  /// wake it (a burst of sends would wake it once each).
  private var holding = false
  private let condition = NSCondition()
  /// The queued events' texts, by name, in the order their names first queued.
  private var pending: [(name: String, data: String)] = []
  /// Bytes of the event being written that did not fit the last read.
  private var partial: [UInt8] = []
  private var closed = false

  /// A stream whose reads send a comment after `heartbeat` seconds without an event, and send
  /// events at least `interval` seconds apart.
  init(heartbeat: Double = 15, interval: Double = 0.05) {
    self.heartbeat = heartbeat
    self.interval = interval
  }

  /// Queues event `name` with `data` (one line of JSON), replacing one of that name not read yet.
  func send(_ name: String, _ data: String) {
    condition.lock()
    defer { condition.unlock() }
    guard !closed else { return }
    if let index = pending.firstIndex(where: { $0.name == name }) {
      pending[index].data = data
    } else {
      pending.append((name, data))
    }
    if !holding { condition.signal() }
  }

  /// Ends the stream: the next read ends the response.
  func close() {
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }

  /// Whether the stream has ended.
  var isClosed: Bool {
    condition.lock()
    defer { condition.unlock() }
    return closed
  }

  /// Copies the next bytes to send into `buffer`, waiting for an event (or the heartbeat);
  /// returns how many, or `nil` when the stream has ended.
  func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
    condition.lock()
    defer { condition.unlock() }
    if partial.isEmpty {
      let deadline = Date(timeIntervalSinceNow: heartbeat)
      while pending.isEmpty, !closed, condition.wait(until: deadline) {}
      if closed { return nil }
      // Too soon after the last event: let what comes meanwhile coalesce with it.
      let due = lastEvent.addingTimeInterval(interval)
      holding = true
      while !pending.isEmpty, !closed, Date() < due, condition.wait(until: due) {}
      holding = false
      if closed { return nil }
      if pending.isEmpty {
        partial = Array(": heartbeat\n\n".utf8)
      } else {
        lastEvent = Date()
        let event = pending.removeFirst()
        partial = Array("event: \(event.name)\ndata: \(event.data)\n\n".utf8)
      }
    }
    let count = min(buffer.count, partial.count)
    partial.withUnsafeBytes {
      buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[..<count]))
    }
    partial.removeFirst(count)
    return count
  }
}
