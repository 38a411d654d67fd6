// Where a server is in its life, and the steps it may take from there.

/// The stages of a server's life, taken in order: each transition is allowed once, from the
/// stages listed for it, and a request to take any other (a second `stop`, a reload while
/// stopping) is refused without effect.
///
/// ```
/// created ─start─▶ starting ─▶ serving ◀─▶ reloading
///                     │           │            │
///                     └───────────┴─stop───────┴─▶ stopping ─▶ stopped
/// ```
public enum Lifecycle: Sendable, Equatable {
  /// Made, not yet started.
  case created
  /// Restoring sessions and taking the socket.
  case starting
  /// Serving clients.
  case serving
  /// Reading and applying a new configuration, still serving.
  case reloading
  /// Answering the requests in flight and saving sessions; no new clients or requests.
  case stopping
  /// Stopped: the loop has ended and the sessions are closed.
  case stopped

  /// Whether a server at this stage may go on to `next`.
  public func allows(_ next: Lifecycle) -> Bool {
    switch (self, next) {
    case (.created, .starting), (.starting, .serving), (.serving, .reloading),
      (.reloading, .serving), (.starting, .stopping), (.serving, .stopping),
      (.reloading, .stopping), (.stopping, .stopped):
      true
    default:
      false
    }
  }

  /// Whether the server is on its way out: stopping or stopped.
  public var isEnding: Bool { self == .stopping || self == .stopped }
}
