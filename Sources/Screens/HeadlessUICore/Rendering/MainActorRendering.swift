// How navd runs `@MainActor` views off the main thread: a render is synchronous and one thread
// renders a session at a time, so the view's main-actor code is called where the render runs.

/// Calls the main-actor code of views (their `body`, their controls' closures) from the thread
/// that renders or uses a screen.
///
/// SwiftUI's `View` is `@MainActor`, and so is HeadlessUI's, so that a view written in Swift 6
/// mode compiles unchanged. navd renders many sessions at once, each on the thread serving it,
/// and the main thread of a test or of the daemon is busy elsewhere; hopping to it for every
/// body would serialise every session on one thread and deadlock a test waiting on the main
/// actor. What the isolation protects holds anyway: a screen is rendered and used under its
/// host's lock, one thread at a time, and a view's state is its own (``State``, the stores it is
/// given, which are thread-safe). So the synchronous main-actor code of views runs on the
/// rendering thread, as `MainActor.assumeIsolated` would run it on the main thread, without the
/// check. Asynchronous work (`.task`, `.refreshable`) does run on the main actor: its closures
/// hop there themselves, and the daemon, `navctl` and test runners keep the main actor's queue
/// served.
public enum MainActorRendering {
  /// Runs `body`, main-actor code, synchronously on the current thread.
  @inline(__always)
  public static func assumeIsolated<T>(_ body: @MainActor () -> T) -> T {
    withoutActuallyEscaping(body) { body in
      unsafeBitCast(body, to: (() -> T).self)()
    }
  }
}
