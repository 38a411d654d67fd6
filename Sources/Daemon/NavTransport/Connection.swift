// One client's socket: reading lines in, and a bounded queue of bytes out.

import CNavSys
import Foundation
import Glibc
import NavSync

import Synchronization

/// A connected client's socket, non-blocking, watched by the event loop.
///
/// Reading happens on the loop's thread; any thread may send. Outgoing bytes that the socket does
/// not take at once wait in a queue bounded by `maximumQueuedBytes`: a client that stops reading
/// is disconnected when it overflows, so it cannot make the daemon buffer without bound.
package final class Connection: @unchecked Sendable {
  /// The socket.
  package let descriptor: Int32
  private let loop: EventLoop
  private let lock = Lock()
  // The mutable properties marked `@exclusivity(unchecked)` are only touched under `lock` (or,
  // for `framer`, on the loop's thread alone), which already rules out overlapping accesses:
  // the run-time exclusivity check (a thread-local lookup in the Swift runtime, ~80
  // instructions) is dropped on these hot paths.
  @exclusivity(unchecked) private var outbound: [UInt8] = []
  @exclusivity(unchecked) private var outboundStart = 0
  @exclusivity(unchecked) private var closed = false
  /// While the loop handles the lines of one read, responses only queue; one write sends them.
  @exclusivity(unchecked) private var corked = false
  /// Whether a flush of deferred bytes is scheduled on the loop.
  @exclusivity(unchecked) private var flushScheduled = false
  /// Whether the loop watches the socket for writability (changed only when it must be).
  @exclusivity(unchecked) private var watchesWritable = false
  /// Who waits for the queue to empty (``waitUntilFlushed(before:)``), signalled when it does
  /// or when the connection closes.
  @exclusivity(unchecked) private var flushWaiters: [DispatchSemaphore] = []
  /// Whether the loop stopped reading requests (the daemon is stopping); atomic, so the check on
  /// every readiness event takes no lock.
  private let readingStopped = Atomic(false)
  @exclusivity(unchecked) private var framer: LineFramer
  private let maximumQueuedBytes: Int

  // The callbacks may hold the connection's owners strongly: ``close(reason:)`` drops them.

  /// Called on the loop's thread with each complete line: a view of the loop's read buffer,
  /// valid only during the call.
  package var onLine: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }
  /// Called once, on the loop's thread, when the connection closes, with the reason.
  package var onClose: (String) -> Void = { _ in }
  /// Called on the loop's thread when a line is longer than allowed; the connection then closes.
  package var onOversizeLine: () -> Void = {}

  package init(descriptor: Int32, loop: EventLoop, maximumLineBytes: Int, maximumQueuedBytes: Int) {
    self.descriptor = descriptor
    self.loop = loop
    self.framer = LineFramer(maximumLineLength: maximumLineBytes)
    self.maximumQueuedBytes = maximumQueuedBytes
  }

  /// Starts watching the socket.
  ///
  /// The loop holds the connection until ``close(reason:)`` unregisters it: no weak reference
  /// (whose side table would slow every retain and release of the connection) on each event.
  package func start() throws(SystemError) {
    try loop.register(descriptor, interest: .readable) { [self] readiness in handle(readiness) }
  }

  private func handle(_ readiness: Readiness) {
    if readiness.contains(.writable) { flush() }
    if readingStopped.load(ordering: .relaxed) {
      // Hang-ups are reported whatever the interest: close, or the loop would spin on them.
      if !readiness.isDisjoint(with: [.hangUp, .error, .peerClosed]) {
        close(reason: "closed the connection")
      }
      return
    }
    if readiness.contains(.readable) || readiness.contains(.hangUp)
      || readiness.contains(.error)
    {
      readAvailable()
    }
  }

  /// What the loop must watch the socket for.
  ///
  /// The caller holds `lock`.
  private var interest: Readiness {
    var interest: Readiness = readingStopped.load(ordering: .relaxed) ? [] : .readable
    if watchesWritable { interest.insert(.writable) }
    return interest
  }

  /// Stops reading requests (the daemon is stopping); responses and events still go out.
  ///
  /// Called on the loop's thread.
  package func stopReading() {
    lock.withLock {
      guard !closed, !readingStopped.load(ordering: .relaxed) else { return }
      readingStopped.store(true, ordering: .relaxed)
      loop.modify(descriptor, interest: interest)
    }
  }

  /// Whether bytes are waiting for the client to take them.
  package var hasQueuedBytes: Bool { lock.withLock { !closed && outboundStart < outbound.count } }

  private func readAvailable() {
    let readBuffer = loop.readBuffer  // the loop's, shared: only its thread reads
    while true {
      let count = read(descriptor, readBuffer.baseAddress, readBuffer.count)
      if count > 0 {
        let chunk = UnsafeBufferPointer(
          start: readBuffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)
        lock.withLock { corked = true }
        defer { lock.withLock { uncork() } }
        do {
          // Held for the read: a line that closes the connection drops the callback.
          let onLine = self.onLine
          // Lines are handled where they were read (a line split across reads is copied).
          try framer.takeLines(from: chunk) { line in
            onLine(line)
            return !isClosed
          }
          if isClosed { return }
        } catch {
          lock.withLock { uncork() }
          onOversizeLine()
          close(reason: "sent a line longer than the limit")
          return
        }
        // A short read drained the socket: epoll (level-triggered) reports any later bytes, so
        // the read that would return EAGAIN is one system call per request saved.
        if count < readBuffer.count { return }
        continue
      }
      if count == 0 {
        close(reason: "closed the connection")
        return
      }
      let code = navsys_errno()
      if code == EINTR { continue }
      if code == EAGAIN || code == EWOULDBLOCK { return }
      close(reason: "read failed: \(SystemError(call: "read", code: code))")
      return
    }
  }

  /// Whether the connection has closed.
  package var isClosed: Bool { closedFlag.load(ordering: .acquiring) }
  /// `closed`, readable without the lock (asked after every line).
  private let closedFlag = Atomic(false)

  /// Queues `bytes` (one or more complete lines) to the client; from any thread.
  ///
  /// Returns false when the connection is closed, or when the queue overflowed (the connection is
  /// then closed with a logged reason).
  ///
  /// A response is written at once (or with the other responses to the same read); `deferred`
  /// bytes, such as events, wait for one write per loop turn, so a burst of events costs one
  /// system call per subscriber instead of one per event.
  @discardableResult
  package func send(_ bytes: [UInt8], deferred: Bool = false) -> Bool {
    send(deferred: deferred) { $0.append(contentsOf: bytes) }
  }

  /// Queues the bytes `write` appends to the queue it is given (one or more complete lines):
  /// ``send(_:deferred:)`` without building the bytes apart first.
  @discardableResult
  package func send(deferred: Bool = false, writing write: (inout [UInt8]) -> Void) -> Bool {
    var overflowed = false
    var scheduleFlush = false
    let accepted: Bool = lock.withLock {
      guard !closed else { return false }
      let wasEmpty = outbound.count == outboundStart
      write(&outbound)
      if outbound.count - outboundStart > maximumQueuedBytes {
        overflowed = true
        return false
      }
      if corked || watchesWritable { return true }
      if deferred {
        if !flushScheduled {
          flushScheduled = true
          scheduleFlush = true
        }
        return true
      }
      if wasEmpty || !flushScheduled { writeQueued() }
      return true
    }
    if scheduleFlush {
      loop.execute { [self] in
        lock.withLock {
          flushScheduled = false
          if !corked { writeQueued() }
        }
      }
    }
    if overflowed {
      loop.execute { [self] in
        close(
          reason: "stopped reading: more than \(maximumQueuedBytes) bytes queued for it")
      }
    }
    return accepted
  }

  /// Flushes the queue when the socket became writable.
  private func flush() { lock.withLock { writeQueued() } }

  /// Ends a read's batch of responses and writes them.
  ///
  /// The caller holds `lock`.
  private func uncork() {
    guard corked else { return }
    corked = false
    if !closed { writeQueued() }
  }

  /// Writes what the socket takes, and asks for writability when it is full.
  ///
  /// The caller holds `lock`.
  private func writeQueued() {
    while outboundStart < outbound.count {
      let written = outbound.withUnsafeBytes { bytes in
        navsys_send(
          descriptor, bytes.baseAddress! + outboundStart, bytes.count - outboundStart)
      }
      if written > 0 {
        outboundStart += written
        continue
      }
      let code = navsys_errno()
      if code == EINTR { continue }
      if code == EAGAIN || code == EWOULDBLOCK {
        if !watchesWritable {
          watchesWritable = true
          loop.modify(descriptor, interest: interest)
        }
        return
      }
      // The peer is gone (EPIPE, ECONNRESET): reading will notice and close.
      outbound.removeAll()
      outboundStart = 0
      signalFlushWaiters()
      return
    }
    outbound.removeAll(keepingCapacity: outbound.capacity <= 64 * 1024)
    outboundStart = 0
    if watchesWritable {
      watchesWritable = false
      loop.modify(descriptor, interest: interest)
    }
    signalFlushWaiters()
  }

  /// Wakes whoever waits for the queue to empty (with the lock held).
  private func signalFlushWaiters() {
    guard !flushWaiters.isEmpty else { return }
    for waiter in flushWaiters { waiter.signal() }
    flushWaiters.removeAll()
  }

  /// Waits until everything queued is written, or the connection closes, or `deadline` passes;
  /// returns whether the queue emptied.
  package func waitUntilFlushed(before deadline: DispatchTime) -> Bool {
    let waiter: DispatchSemaphore? = lock.withLock {
      if closed || outboundStart == outbound.count { return nil }
      let waiter = DispatchSemaphore(value: 0)
      flushWaiters.append(waiter)
      return waiter
    }
    guard let waiter else { return true }
    return waiter.wait(timeout: deadline) == .success
  }

  /// Whether the client closed its end entirely, although the loop has not yet read the end of
  /// its stream (it is busy, or the end is behind unread requests).
  package var peerHasClosed: Bool {
    lock.withLock { !closed } && navsys_peer_closed(descriptor) == 1
  }

  /// Closes the connection (on the loop's thread), once.
  package func close(reason: String) {
    let first: Bool = lock.withLock {
      if closed { return false }
      closed = true
      closedFlag.store(true, ordering: .releasing)
      outbound.removeAll()
      signalFlushWaiters()
      return true
    }
    guard first else { return }
    loop.unregister(descriptor)
    Glibc.close(descriptor)
    let onClose = self.onClose
    // What the callbacks hold (the server, the client) is let go: nothing calls them again.
    self.onLine = { _ in }
    self.onClose = { _ in }
    self.onOversizeLine = {}
    onClose(reason)
  }
}
