// `NotificationCenter.notifications(named:object:)` on Linux, where swift-corelibs-foundation
// lacks it: the async sequence of notifications TCA apps iterate in long-living effects.

#if !canImport(Darwin)
  import Foundation

  extension NotificationCenter {
    /// The notifications named `name` (from `object`, when given), as an async sequence, as
    /// Foundation on Apple platforms gives them: observing starts when the sequence is made and
    /// ends when its iteration does.
    public func notifications(
      named name: Notification.Name, object: AnyObject? = nil
    ) -> Notifications {
      Notifications(center: self, name: name, object: object)
    }

    /// The notifications of one name, as `notifications(named:object:)` gives them.
    public struct Notifications: AsyncSequence, @unchecked Sendable {
      /// A notification.
      public typealias Element = Notification

      private let stream: AsyncStream<Notification>

      init(center: NotificationCenter, name: Notification.Name, object: AnyObject?) {
        let (stream, continuation) = AsyncStream<Notification>.makeStream()
        let token = center.addObserver(forName: name, object: object, queue: nil) {
          nonisolated(unsafe) let notification = $0
          continuation.yield(notification)
        }
        nonisolated(unsafe) let observer = token
        continuation.onTermination = { _ in center.removeObserver(observer) }
        self.stream = stream
      }

      /// An iterator over the notifications.
      public func makeAsyncIterator() -> AsyncStream<Notification>.Iterator {
        stream.makeAsyncIterator()
      }
    }
  }
#endif
