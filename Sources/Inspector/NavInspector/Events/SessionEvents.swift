// SessionEvents: one connection to navd subscribed to the sessions open pages show, its
// notifications forwarded to those pages.

import Foundation
import NavClient
import NavProtocol

/// Follows the sessions the inspector's pages show, on a connection of its own, and forwards
/// what pages need as Server-Sent Events: the session's latest version (navd's coalesced
/// `event.version`, at most one per 50 ms: pages fetch what they show, and a burst of actions
/// costs the session no event per action), and navd's stop.
///
/// One thread reads the connection and makes the subscriptions too, so the connection has one
/// reader: a page that asks for another session's events queues it, and the thread subscribes
/// before its next read.
final class SessionEvents: @unchecked Sendable {
  private let client: RemoteClient
  private let broadcast: EventBroadcast
  private let lock = NSLock()
  private var subscribed: Set<String> = []
  private var wanted: [String] = []
  private var stopped = false
  private var gone = false
  private var thread: Thread?

  /// Subscribes to `session` (navd's default when `nil`) on `client`; returns its name.
  init(client: RemoteClient, session: String?, broadcast: EventBroadcast) throws {
    self.client = client
    self.broadcast = broadcast
    var target: JSONObject = ["events": ["version"]]
    if let session { target["session"] = .string(session) }
    let reply = try client.call("subscribe", target)
    self.session = reply["session"]?.stringValue ?? session ?? "main"
    subscribed.insert(self.session)
    let thread = Thread { [weak self] in self?.pump() }
    thread.name = "inspector events"
    self.thread = thread
    thread.start()
  }

  /// The session subscribed to first: the inspector's own.
  let session: String

  /// Asks for `session`'s events too, from the thread's next turn.
  func follow(_ session: String) {
    lock.lock()
    if !subscribed.contains(session), !wanted.contains(session) { wanted.append(session) }
    lock.unlock()
  }

  /// Stops reading; the thread ends within a quarter of a second.
  func stop() {
    lock.lock()
    stopped = true
    lock.unlock()
  }

  /// Whether navd went away or stopped.
  var isNavdGone: Bool {
    lock.lock()
    defer { lock.unlock() }
    return gone
  }

  private func endedBecauseNavdLeft(_ data: String) {
    broadcast.send("gone", data)
    broadcast.closeAll()
    lock.lock()
    gone = true
    lock.unlock()
  }

  /// The sessions asked for since the last turn, or `nil` when the events stop.
  private func nextTurn() -> [String]? {
    lock.lock()
    defer { lock.unlock() }
    if stopped { return nil }
    let asked = wanted
    wanted.removeAll()
    subscribed.formUnion(asked)
    return asked
  }

  private func pump() {
    while let asked = nextTurn() {
      let event: RPCRequest?
      do {
        for name in asked {
          // A session that does not exist (yet) is the page's error to show, not the pump's.
          _ = try? client.call(
            "subscribe", ["session": .string(name), "events": ["version"]])
        }
        event = try client.nextNotification(timeout: 0.25)
      } catch {
        endedBecauseNavdLeft("{\"message\":\"navd went away\"}")
        return
      }
      guard let event else { continue }
      let params = event.params ?? .null
      let text = (try? JSONWriter(sortedKeys: true).string(params)) ?? "{}"
      let session = params["session"]?.stringValue
      switch event.method {
      case "event.version": broadcast.send("version", text, session: session ?? self.session)
      case "event.shutdown":
        endedBecauseNavdLeft(text)
        return
      default: continue
      }
    }
  }
}
