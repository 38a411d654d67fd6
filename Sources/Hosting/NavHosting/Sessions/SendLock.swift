// SendLock: one client holding a shared store to itself while it debugs, as Redux DevTools' lock
// does; every other client's sends, screen uses and jumps are refused until it lets go.

import NavSync
import NavValue
import Synchronization

/// Who may change a shared store: every client, or only the one that locked it.
///
/// The check reads the client the calling thread acts for (``HistorySender``), so it holds at
/// every door a change comes through: a `store.send`, a screen's tap, a jump, or a Lua script
/// a client runs. What the store's own effects send is never refused: a lock stops other people,
/// not the app. A thread acting for no client (a script's own store) is never refused either.
public final class SendLock: Sendable {
  /// The holding client's id, or -1 when the store is not locked: read on every send.
  private let holderID = Atomic<Int>(-1)
  /// The holder's name, as `client.setName` gave it, for the refusal's message.
  private let holderName = Protected<String?>(nil)

  /// Makes an unlocked lock.
  public init() {}

  /// The client holding the lock and its name, or `nil` when nobody does.
  public var holder: (id: Int, name: String?)? {
    let id = holderID.load(ordering: .acquiring)
    return id < 0 ? nil : (id, holderName.withLock { $0 })
  }

  /// Locks the store for `client`; returns `false`, changing nothing, when another client holds it.
  ///
  /// Locking it again for the holder renames it.
  public func lock(for client: Int, name: String?) -> Bool {
    let (exchanged, found) = holderID.compareExchange(
      expected: -1, desired: client, ordering: .acquiringAndReleasing)
    guard exchanged || found == client else { return false }
    holderName.withLock { $0 = name }
    return true
  }

  /// Lets go of the lock when `client` holds it; returns whether it did.
  @discardableResult
  public func unlock(for client: Int) -> Bool {
    holderID.compareExchange(expected: client, desired: -1, ordering: .acquiringAndReleasing)
      .exchanged
  }

  /// Throws when the store is locked by a client other than the one the calling thread acts for.
  @inline(__always)
  func check() throws(NavError) {
    let id = holderID.load(ordering: .relaxed)
    guard id >= 0 else { return }
    try refuse(holder: id)
  }

  @inline(never)
  private func refuse(holder id: Int) throws(NavError) {
    guard let sender = HistorySender.current, sender != id else { return }
    let name = holderName.withLock { $0 }.map { " (\"\($0)\")" } ?? ""
    throw NavError(
      "\(Self.refusalPrefix) by client \(id)\(name), which is debugging it: changes from other "
        + "clients are refused until it unlocks it (session.unlock) or disconnects")
  }

  /// How a refusal's message begins: how ``ScriptError`` tells it from other failures.
  static let refusalPrefix = "the session is locked"
}
