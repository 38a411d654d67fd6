// One subscription to a session's events: where they go, which kinds, and from which version.

import NavTransport

/// A subscription to a session's events.
///
/// Its events are held from the moment it is added until ``activate()``: the server sends the
/// `subscribe` reply first, so a client never reads an event of a subscription it has not been
/// told about. Only touched under its session's lock.
final class Subscriber {
  /// Where the events go.
  let connection: any Outbound
  /// What the subscriber asked for.
  let kinds: EventKinds
  /// The version the subscriber read when it subscribed: its events are for later ones.
  let version: UInt64
  /// The least time between two of its `event.version`s.
  let interval: Duration
  /// The event lines held until ``activate()``; `nil` once they flow.
  private var held: [[UInt8]]? = []

  init(
    connection: any Outbound, kinds: EventKinds, version: UInt64,
    interval: Duration = Subscriber.defaultInterval
  ) {
    self.connection = connection
    self.kinds = kinds
    self.version = version
    self.interval = interval
  }

  /// The interval of `event.version` when `subscribe` names none: 50 ms.
  static let defaultInterval = Duration.milliseconds(50)

  /// Queues an event line, or holds it until the subscriber is activated.
  func send(_ line: [UInt8]) {
    if held != nil {
      held!.append(line)
    } else {
      connection.send(line, deferred: true)
    }
  }

  /// Sends the held events, in order, and lets the later ones through.
  func activate() {
    guard let lines = held else { return }
    held = nil
    for line in lines { connection.send(line, deferred: true) }
  }
}
