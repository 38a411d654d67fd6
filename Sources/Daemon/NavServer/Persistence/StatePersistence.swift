// Keeping sessions' state on disk as the durability setting asks: saving after changes, on stop,
// and forgetting closed sessions.

import Foundation
import Glibc
import NavProtocol
import NavHosting
import NavTransport
import NavValue
import Synchronization

/// Saves the state of the daemon's sessions in the state directory.
///
/// With ``Durability/always`` a change is saved on the thread that made it, before the request
/// that made it is answered. With ``Durability/batch`` a change marks its session and a save of
/// every marked session follows within the delay, on a queue of its own. With ``Durability/off``
/// sessions are saved when the daemon stops. Saves never overlap, and a session closed since it
/// was marked is not written again.
final class StatePersistence: @unchecked Sendable {
  /// Where the files are.
  let directory: String
  private let log: Logger
  private let lock = NSLock()
  private var durability: Durability
  private var delay: Duration
  /// Sessions changed since their last save, by name.
  private var dirty: [String: Session] = [:]
  private var flushScheduled = false
  /// Held while a file is written: saves from the batch queue and from senders never overlap.
  private let writeLock = NSLock()
  private let queue = DispatchQueue(label: "navd.persistence")
  /// Sessions whose current file is known to pass its check.
  ///
  /// A file written by this process, or checked once; only such a file becomes `.prev` when
  /// replaced. Under `writeLock`.
  private var soundCurrentCopies: Set<String> = []
  /// The version last written of each session, by identity (a name may be reopened).
  ///
  /// A save whose snapshot is older (taken before a newer one was written) is skipped. Under
  /// `writeLock`.
  private var writtenVersions: [ObjectIdentifier: UInt64] = [:]
  /// How many sessions' last save failed: while none did, requests skip the check.
  private let unsavedSessions = Atomic<Int>(0)

  /// Whether some session's last save failed (and none of its saves succeeded since).
  var hasUnsavedSessions: Bool { unsavedSessions.load(ordering: .acquiring) > 0 }

  /// Creates the persistence of `directory` (created, 0700, when missing).
  init(directory: String, durability: Durability, delay: Duration, log: Logger) throws {
    self.directory = directory
    self.durability = durability
    self.delay = delay
    self.log = log
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw StatePersistenceError("cannot create the state directory \(directory): \(error)")
    }
  }

  /// Changes the durability (a reload); marked sessions are saved at once when it becomes
  /// stricter.
  func update(durability: Durability, delay: Duration) {
    lock.withLock {
      self.durability = durability
      self.delay = delay
    }
    if durability == .always { flush() }
  }

  /// The sessions saved in the directory, checked; a copy that fails its check is logged and the
  /// previous good one used.
  func restore() -> [SavedSession] {
    let (found, problems) = StateFile.readAllFiles(in: directory)
    for problem in problems {
      log.error("saved state: \(problem)")
    }
    // One session per name (two spellings of one text are one name): the newest copy. A copy in
    // a file named under an earlier rule (a long name in full, a name not in NFC) moves to the
    // file its name gets now, so that later saves and `session.close` find it.
    var newest: [String: (file: String, saved: SavedSession)] = [:]
    var order: [String] = []
    var files: [String: [String]] = [:]
    for entry in found {
      let name = entry.saved.name
      files[name, default: []].append(entry.file)
      if let kept = newest[name], kept.saved.version >= entry.saved.version { continue }
      if newest[name] == nil { order.append(name) }
      newest[name] = entry
    }
    var sessions: [SavedSession] = []
    for name in order {
      guard let (file, saved) = newest[name] else { continue }
      sessions.append(saved)
      // A name outside the rule is not restored (the server says so): its file stays as it is.
      guard (try? SessionName.check(saved.name)) != nil else { continue }
      let current = StateFile.fileName(of: saved.name)
      let stale = (files[name] ?? []).filter { $0 != current }
      guard file != current || !stale.isEmpty else { continue }
      do {
        if file != current { try StateFile.write(saved, in: directory, rotating: false) }
        for old in stale {
          for suffix in ["", ".prev"] { unlink(directory + "/" + old + suffix) }
        }
        log.info("moved the saved state of session \(saved.name) to \(current)")
      } catch {
        log.error("cannot move the saved state of session \(saved.name) to \(current): \(error)")
      }
    }
    return sessions
  }

  // MARK: - Saving

  /// Records that `session` changed to `version`.
  ///
  /// Called by the session after each action, in order, on the thread that made it; `state`
  /// gives the new state as JSON.
  func changed(
    _ session: Session, version: UInt64, stateChanged: Bool, state: () -> JSONValue?
  ) {
    guard stateChanged else { return }
    let (mode, schedule): (Durability, Bool) = lock.withLock {
      if durability == .always { return (.always, false) }
      dirty[session.name] = session
      guard durability == .batch, !flushScheduled else { return (durability, false) }
      flushScheduled = true
      return (.batch, true)
    }
    switch mode {
    case .always:
      guard let state = state() else {
        // The change cannot be encoded, so it cannot be saved: not acknowledged either.
        failed(session, "its state cannot be encoded as JSON")
        return
      }
      save(session, version: version, state: state)
    case .batch:
      if schedule {
        let delay = lock.withLock { self.delay }
        queue.asyncAfter(deadline: .now() + .nanoseconds(Int(delay.nanoseconds))) {
          [weak self] in self?.flush()
        }
      }
    case .off:
      break
    }
  }

  /// Saves every session marked since the last save.
  func flush() {
    let sessions: [Session] = lock.withLock {
      defer {
        dirty.removeAll()
        flushScheduled = false
      }
      return Array(dirty.values)
    }
    for session in sessions { save(session) }
  }

  /// Saves `sessions` now (the daemon is stopping), whatever the durability.
  func saveAll(_ sessions: [Session]) {
    lock.withLock { dirty.removeAll() }
    for session in sessions { save(session) }
  }

  /// Forgets `session` (closed, and marked so): its files are removed so it is not restored.
  func remove(_ session: Session) {
    lock.withLock {
      if dirty[session.name] === session { dirty.removeValue(forKey: session.name) }
    }
    writeLock.withLock {
      // Under the write lock, after any save in progress: a closed session is unmarked without
      // telling anyone it was saved.
      if session.saveSucceeded(publishing: false) {
        unsavedSessions.subtract(1, ordering: .releasing)
      }
      StateFile.remove(name: session.name, in: directory)
      soundCurrentCopies.remove(session.name)
      writtenVersions.removeValue(forKey: ObjectIdentifier(session))
    }
  }

  /// Saves `session`'s current state now, whatever the durability; returns why it failed, or
  /// `nil` when it is on disk.
  ///
  /// A request that may change a session whose last save failed calls this first: the session
  /// takes no change it cannot save (docs/operations.md, "Durability").
  func saveNow(_ session: Session) -> String? {
    save(session)
    return session.saveFailure
  }

  /// Saves `session`'s current state.
  private func save(_ session: Session) {
    let snapshot: (version: UInt64, state: DataValue)
    do {
      snapshot = try session.script.state()
    } catch {
      failed(session, "its state cannot be encoded: \(error.message)")
      return
    }
    save(session, version: snapshot.version, state: JSONValue(snapshot.state))
  }

  /// Logs a failed save of `session`, marks the session unsaved, and fails the request that
  /// made the change when one is waiting for the save.
  private func failed(_ session: Session, _ reason: String) {
    // A session closed meanwhile is not saved any more: nothing to report.
    guard !session.isClosed else { return }
    log.error("cannot save session \(session.name): \(reason)")
    if session.saveFailed(reason) { unsavedSessions.add(1, ordering: .releasing) }
    SaveFailureRecorder.record(reason)
  }

  /// Writes `state`, the session's state at `version`, unless a newer version is on disk.
  func save(_ session: Session, version: UInt64, state: JSONValue) {
    writeLock.withLock {
      guard !session.isClosed else { return }
      // Snapshots are taken outside this lock (a sender's under the store's lock, a batch
      // flush's without it), so an older one can arrive last; the newer one is on disk.
      if let written = writtenVersions[ObjectIdentifier(session)], written > version { return }
      let saved = SavedSession(
        name: session.name, feature: session.script.featureName, version: version, state: state)
      // A current copy that failed its check (the one a restore fell back from) is replaced
      // without becoming `.prev`, which keeps the good copy the restore used.
      let rotating =
        soundCurrentCopies.contains(session.name)
        || StateFile.currentCopyIsSound(name: session.name, in: directory)
      do {
        try StateFile.write(saved, in: directory, rotating: rotating)
        soundCurrentCopies.insert(session.name)
        writtenVersions[ObjectIdentifier(session)] = version
        if session.saveSucceeded() { unsavedSessions.subtract(1, ordering: .releasing) }
      } catch {
        failed(session, "\(error)")
      }
    }
  }
}

/// Why the state directory cannot be used, in a sentence.
public struct StatePersistenceError: Error, CustomStringConvertible {
  /// The sentence.
  public var description: String
  init(_ description: String) { self.description = description }
}
