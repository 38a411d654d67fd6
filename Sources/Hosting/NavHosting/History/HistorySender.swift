// HistorySender: which client the actions sent on this thread come from, for the history.

import Glibc

/// Which client the actions sent on the calling thread come from, so a store's history can say
/// who sent each one.
///
/// The daemon binds a client's id around each of its requests; a script's own sends are bound to
/// no client. A thread-local rather than a parameter: the sends reach the store through many
/// doors (a path, a table, a tap, a Lua script run for the client), and only the history reads it.
public enum HistorySender {
  /// The thread-local slot, holding the client's id (its bits as a pointer), or `nil`.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "navd could not create its history thread-local")
    return key
  }()

  /// The client the calling thread sends for, or `nil`.
  public static var current: Int? {
    guard let raw = pthread_getspecific(key) else { return nil }
    return Int(bitPattern: raw) - 1
  }

  /// The current client's id plus one, or 0 for none: what a history entry keeps.
  static var raw: Int32 {
    Int32(truncatingIfNeeded: Int(bitPattern: pthread_getspecific(key)))
  }

  /// Runs `body` with the calling thread's sends attributed to client `id`; restores the
  /// previous binding on the way out.
  public static func with<T, Failure: Error>(
    client id: Int, _ body: () throws(Failure) -> T
  ) throws(Failure) -> T {
    let previous = pthread_getspecific(key)
    // Offset by one, so client 0 is not the null pointer that means no client.
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: id + 1))
    defer { pthread_setspecific(key, previous) }
    return try body()
  }
}
