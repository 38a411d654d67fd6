// The daemon's lifecycle: start, restore, reload, stop, and what it tells systemd.

import CNavSys
import Foundation
import Glibc
import NavProtocol
import NavHosting
import NavTransport
import NavValue
import Synchronization

extension Server {
  /// Where the server is in its life.
  public var lifecycle: Lifecycle { lock.withLock { _lifecycle } }

  /// Moves the server to `next` when its stage allows it; returns whether it moved.
  @discardableResult
  func advance(to next: Lifecycle) -> Bool {
    lock.withLock {
      guard _lifecycle.allows(next) else { return false }
      _lifecycle = next
      return true
    }
  }

  /// Restores saved sessions, opens the configured ones, takes or creates the control socket,
  /// starts serving, then tells systemd the daemon is ready.
  ///
  /// `activatedSocket` is a listening socket passed by socket activation
  /// (``SocketActivation/takeControlSocket()``); without one the socket is created at
  /// ``Configuration/socketPath``. `watchdogInterval` is how often to ping systemd's watchdog.
  public func start(
    activatedSocket: (descriptor: Int32, path: String)? = nil, watchdogInterval: Duration? = nil
  ) throws {
    guard advance(to: .starting) else {
      throw StartError("the server was started before (it is \(lifecycle))")
    }
    let configuration = self.configuration
    notify { try $0.status("Restoring sessions…") }
    if let directory = configuration.stateDirectory {
      let persistence = try StatePersistence(
        directory: directory, durability: configuration.durability,
        delay: configuration.durabilityDelay, log: log)
      self.persistence = persistence
      for (feature, problem) in unrestorable.sorted(by: { $0.key < $1.key }) {
        log.warning(
          "feature \(feature): its saved state could not be restored (\(problem)), so its "
            + "sessions run unsaved")
      }
      try restoreSessions(from: persistence, configured: configuration.sessions)
    } else {
      for spec in configuration.sessions {
        _ = try openSession(name: spec.name, feature: spec.feature, state: nil)
      }
    }
    let listener: UnixListener
    if let activatedSocket {
      listener = UnixListener(
        descriptor: activatedSocket.descriptor, path: activatedSocket.path, ownsPath: false)
    } else {
      listener = try UnixListener.listen(
        at: configuration.socketPath, mode: configuration.socketMode)
    }
    self.listener = listener
    // The loop holds the server while it runs, and lets go of it when it stops.
    try loop.register(listener.descriptor, interest: .readable) { [self] _ in
      acceptClients()
    }
    if let watchdogInterval {
      // Pinged from the loop that serves clients: a stuck loop stops the pings and systemd
      // restarts the daemon.
      try loop.repeating(every: watchdogInterval) { [self] in
        notify { try $0.watchdog() }
      }
    }
    loop.start()
    let names = allSessions.map { "\($0.name) (\($0.script.featureName))" }
    log.info(
      "listening on \(listener.path)\(activatedSocket == nil ? "" : " (socket activation)") "
        + "with session\(names.count == 1 ? "" : "s") \(names.joined(separator: ", "))"
        + (configuration.stateDirectory.map {
          "; state in \($0) (durability \(configuration.durability.rawValue))"
        } ?? ""))
    advance(to: .serving)
    notify { try $0.ready(status: statusLine) }
  }

  /// A status line for systemd: what is served, where, to how many clients.
  public var statusLine: String {
    let (sessionCount, clientCount) = lock.withLock { (sessions.count, clients.count) }
    return "Serving \(sessionCount) session\(sessionCount == 1 ? "" : "s") to \(clientCount) "
      + "client\(clientCount == 1 ? "" : "s") on \(listener?.path ?? configuration.socketPath)"
  }

  /// Opens the configured sessions with their saved state, and the sessions opened at run time
  /// that were saved; a saved session whose feature differs from its configured one starts
  /// afresh (logged).
  func restoreSessions(
    from persistence: StatePersistence, configured: [SessionSpec]
  ) throws {
    let saved = persistence.restore()
    var restored = Set<String>()
    for spec in configured {
      var state: DataValue?
      if let found = saved.first(where: { $0.name == spec.name }) {
        if found.feature == spec.feature {
          state = DataValue(found.state)
        } else {
          log.warning(
            "session \(spec.name): the saved state is of feature \(found.feature), the "
              + "configuration says \(spec.feature); starting afresh")
        }
      }
      if let state,
        reopen(spec.name, feature: spec.feature, state: state, else: "starting it afresh")
      {
        restored.insert(spec.name)
      } else {
        _ = try openSession(name: spec.name, feature: spec.feature, state: nil)
      }
    }
    for found in saved where !configured.contains(where: { $0.name == found.name }) {
      if reopen(
        found.name, feature: found.feature, state: DataValue(found.state), else: "leaving it closed"
      ) {
        restored.insert(found.name)
      }
    }
    if !restored.isEmpty {
      log.info(
        "restored session\(restored.count == 1 ? "" : "s") "
          + restored.sorted().joined(separator: ", ") + " from \(persistence.directory)")
    }
  }

  /// Opens a saved session with its state; logs and returns false when the state no longer
  /// fits the feature (its `State` changed since) or the feature is gone.
  func reopen(_ name: String, feature: String, state: DataValue, else fallback: String)
    -> Bool
  {
    do {
      _ = try openSession(name: name, feature: feature, state: state)
      return true
    } catch {
      log.error(
        "session \(name): cannot restore the saved state (\(error.message)); \(fallback)")
      return false
    }
  }

  /// Stops serving, gracefully: no new clients or requests, the requests in flight answered
  /// (for at most ``Configuration/stopTimeout``), every client sent `event.shutdown`, the
  /// sessions saved, the socket file removed (unless socket activation owns it).
  public func stop(reason: String = "the daemon is stopping") {
    guard advance(to: .stopping) else { return }
    notify { try $0.stopping(status: "Stopping: answering requests in flight, saving sessions") }
    let configuration = self.configuration
    run(onLoop: { [self] in
      if let listener {
        loop.unregister(listener.descriptor)
        listener.close()
      }
      for client in lock.withLock({ Array(clients.values) }) {
        client.connection.stopReading()
      }
    })
    // Every request queued from here on was read before reading stopped: wait for the last.
    let answered =
      requestsInFlight.wait(
        timeout: .now() + .nanoseconds(Int(configuration.stopTimeout.nanoseconds))) == .success
    let busy = answered ? [] : allClients.filter { !$0.isIdle }
    for client in busy {
      log.warning(
        "client \(client.id) (pid \(client.credentials.pid)): a request still runs after "
          + "\(configuration.stopTimeout); stopping without its answer")
    }
    let shutdown = NotificationLine.line(
      method: "event.shutdown", params: ["reason": .string(reason)])
    for client in allClients { client.connection.send(shutdown) }
    let flushDeadline = DispatchTime.now() + .seconds(1)
    for client in allClients { _ = client.connection.waitUntilFlushed(before: flushDeadline) }
    run(onLoop: { [self] in
      for client in lock.withLock({ Array(clients.values) }) {
        client.connection.close(reason: "was disconnected: \(reason)")
      }
    })
    loop.stop()
    let open = allSessions
    persistence?.saveAll(open)
    for session in open { session.close() }
    advance(to: .stopped)
    log.info(
      "stopped\(persistence.map { "; saved \(open.count) session\(open.count == 1 ? "" : "s") in \($0.directory)" } ?? "")"
    )
  }

  /// Runs `work` on the loop's thread and waits for it (at most 5 s).
  func run(onLoop work: @escaping () -> Void) {
    let done = DispatchSemaphore(value: 0)
    loop.execute {
      work()
      done.signal()
    }
    _ = done.wait(timeout: .now() + 5)
  }

  /// Applies a reloaded configuration and returns the settings that need a restart.
  ///
  /// Limits, log level, durability, busy polling and allowed peers change at once (limits for
  /// connections made from now on); sessions newly listed are opened. The socket and the state
  /// directory keep their values until a restart.
  public func reload(_ new: Configuration) -> [String] {
    guard advance(to: .reloading) else { return [] }
    defer { advance(to: .serving) }
    let old = configuration
    let needRestart = old.settingsNeedingRestart(toBecome: new)
    var applied = new
    applied.socketPath = old.socketPath
    applied.socketMode = old.socketMode
    applied.stateDirectory = old.stateDirectory
    lock.withLock { _configuration = applied }
    log.level = applied.logLevel
    loop.busyPoll = applied.busyPoll
    persistence?.update(durability: applied.durability, delay: applied.durabilityDelay)
    for spec in applied.sessions {
      if let open = session(named: spec.name) {
        if open.script.featureName != spec.feature {
          log.warning(
            "reload: session \(spec.name) runs \(open.script.featureName), not \(spec.feature) "
              + "as the configuration now says; close it (session.close) to open it afresh")
        }
        continue
      }
      do {
        _ = try openSession(name: spec.name, feature: spec.feature, state: nil)
      } catch {
        log.error("reload: cannot open session \(spec.name): \(error.message)")
      }
    }
    return needRestart
  }

  /// Sends a notification to systemd, logging (at debug) when it cannot be sent.
  public func notify(_ body: (SystemdNotifier) throws -> Void) {
    do {
      try body(notifier)
    } catch {
      log.debug("sd_notify: \(error)")
    }
  }

  /// Reads the configuration again from `source` and applies it, telling systemd and the log.
  ///
  /// It is what a daemon does on `SIGHUP`. A configuration that does not load keeps the running
  /// one.
  public func reload(from source: ConfigurationSource) {
    guard lifecycle == .serving else {
      log.warning("reload: ignored while the daemon is \(lifecycle)")
      return
    }
    notify { try $0.reloading(status: "Reloading the configuration") }
    do {
      let reloaded = try source.load()
      let needRestart = reload(reloaded)
      if !needRestart.isEmpty {
        log.warning(
          "reload: \(needRestart.joined(separator: ", ")) changed; a restart applies "
            + (needRestart.count == 1 ? "it" : "them"))
      }
      log.info("reloaded the configuration")
      notify { try $0.ready(status: statusLine) }
    } catch {
      log.error("reload failed, the running configuration is kept: \(error)")
      notify {
        try $0.ready(status: "Reload failed (\(error)); running with the previous configuration")
      }
    }
  }
}

/// Why a server cannot start, in a sentence.
public struct StartError: Error, CustomStringConvertible {
  /// The sentence.
  public var description: String
  init(_ description: String) { self.description = description }
}
