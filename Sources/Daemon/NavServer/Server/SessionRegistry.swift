// The daemon's named sessions: opening, finding, closing, and numbering subscriptions.

import CNavSys
import Foundation
import Glibc
import NavProtocol
import NavHosting
import NavTransport
import NavValue
import Synchronization

extension Server {
  /// The session named `name`.
  func session(named name: String) -> Session? { lock.withLock { sessions[name] } }

  /// The session named `name`, from `client`'s last lookup when no session opened or closed
  /// since (no lock, no hashing); on the I/O thread only.
  ///
  /// `nil` names the default session (``defaultSessionName()``), cached as the name `""`, which
  /// no session has.
  func session(named name: String?, cachedFor client: Client) -> Session? {
    let generation = sessionsGeneration.load(ordering: .acquiring)
    let key = name ?? ""
    if let cached = client.lastLookup, cached.generation == generation, cached.name == key {
      return cached.session
    }
    guard let session = session(named: name ?? defaultSessionName()) else { return nil }
    client.lastLookup = (generation, key, session)
    return session
  }

  /// The session a request that names none acts on, for a client that attached to none: `main`,
  /// or the only session of a daemon that holds just one (`navd --session c=counter`).
  func defaultSessionName() -> String {
    lock.withLock {
      guard sessions["main"] == nil, sessions.count == 1, let only = sessions.keys.first else {
        return "main"
      }
      return only
    }
  }

  /// Every session, in the order they were opened.
  var allSessions: [Session] { lock.withLock { sessionOrder.compactMap { sessions[$0] } } }

  /// Opens `name` running `feature`, or returns it when it exists.
  func openSession(
    name: String, feature featureName: String, state: DataValue?, replay: ReplayDocument? = nil,
    restoring: ReplayDocument? = nil
  ) throws(RPCError) -> (session: Session, created: Bool) {
    if let existing = session(named: name) { return (existing, false) }
    do throws(SessionNameError) {
      try SessionName.check(name)
    } catch {
      throw RPCError(.invalidParams, message: error.description)
    }
    guard let feature = features.first(where: { $0.name == featureName }) else {
      throw RPCError(
        .invalidParams,
        message: "no feature named \"\(featureName)\"; the features are "
          + features.map { "\"\($0.name)\"" }.joined(separator: ", "))
    }
    let session: Session
    do {
      session = try Session(
        name: name, feature: feature, state: state, replay: replay, restoring: restoring,
        history: lock.withLock { _configuration.history },
        persistence: unrestorable[featureName] == nil ? lock.withLock { persistence } : nil)
    } catch {
      throw RPCError(.actionNotDecoded, message: error.message)
    }
    let opened: (session: Session, created: Bool)? = lock.withLock {
      if let existing = sessions[name] {
        session.close()
        return (existing, false)
      }
      // Two long names whose state files would be one (their first bytes and hash agree).
      if persistence != nil, sessions.keys.contains(where: { StateFile.collides(name, with: $0) }) {
        session.close()
        return nil
      }
      sessions[name] = session
      sessionsGeneration.add(1, ordering: .releasing)
      sessionOrder.append(name)
      log.info("opened session \(name) (\(featureName))")
      return (session, true)
    }
    guard let opened else {
      throw RPCError(
        .invalidParams,
        message: "the session name would be saved in the same file as another session's (a "
          + "long name's file name is its first bytes and a hash of it): choose another name")
    }
    return opened
  }

  /// Closes the session `name`; returns whether it existed.
  func closeSession(named name: String) -> Bool {
    // The session stops being saved and its files go before the name is free again: a session
    // opened with the same name right after must not lose its own files to this close.
    let session: Session? = lock.withLock {
      sessionOrder.removeAll { $0 == name }
      guard let session = sessions.removeValue(forKey: name) else { return nil }
      sessionsGeneration.add(1, ordering: .releasing)
      session.markClosed()
      persistence?.remove(session)
      return session
    }
    session?.close()
    if session != nil { log.info("closed session \(name)") }
    return session != nil
  }

  /// A new subscription id.
  func makeSubscriptionID() -> Int {
    lock.withLock {
      defer { nextSubscriptionID += 1 }
      return nextSubscriptionID
    }
  }
}
