// SaveFailureRecorder: the saves that failed while one request ran, so the request is answered
// with an error instead of an acknowledgement.

/// Collects the saves that fail on the calling thread while a request runs.
///
/// With durability `always` a change is saved on the thread that made it, inside the request
/// that sent it (``StatePersistence/changed(_:version:stateChanged:state:)``). The router runs
/// each such request inside ``recording(_:)``; a save that fails there is recorded, and the
/// request answered with -32009 rather than its result.
enum SaveFailureRecorder {
  /// Where the failures of the request running on this thread go, while one is recorded.
  final class Box: @unchecked Sendable {
    /// Why the first failed save failed.
    var failure: String?
  }

  @TaskLocal private static var current: Box?

  /// Runs `body`, and returns its result with why a save during it failed, if one did.
  static func recording<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> (
    T, failure: String?
  ) {
    let box = Box()
    let result: Result<T, Failure> = $current.withValue(box) {
      do throws(Failure) {
        return .success(try body())
      } catch {
        return .failure(error)
      }
    }
    return (try result.get(), box.failure)
  }

  /// Records that a save failed for `reason`, when a request on this thread is recorded.
  static func record(_ reason: String) {
    guard let box = current, box.failure == nil else { return }
    box.failure = reason
  }
}
