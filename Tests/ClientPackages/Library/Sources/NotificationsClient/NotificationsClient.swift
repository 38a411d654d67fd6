// NotificationsClient: the reading reminders the app schedules as local notifications.

import Dependencies
import DependenciesMacros
import Foundation

/// A reminder to pick a book up again, shown as a local notification.
public struct Reminder: Identifiable, Codable, Equatable, Hashable, Sendable {
  /// The book's ISBN: a book has at most one reminder.
  public var id: String
  /// The notification's title.
  public var title: String
  /// When the notification shows.
  public var fireDate: Date

  /// Makes a reminder.
  public init(id: String, title: String, fireDate: Date) {
    self.id = id
    self.title = title
    self.fireDate = fireDate
  }
}

/// The system's local notifications, as far as reminders need them.
@DependencyClient
public struct NotificationsClient: Sendable {
  /// Asks the reader to allow notifications, once; whether they are allowed.
  public var requestAuthorization: @Sendable () async throws -> Bool
  /// Schedules `reminder`, replacing the one with the same id.
  public var schedule: @Sendable (_ reminder: Reminder) async throws -> Void
  /// The reminders still to show, soonest first; none until set.
  public var pending: @Sendable () async -> [Reminder] = { [] }
  /// Removes the reminder with the id `id`, if there is one.
  public var remove: @Sendable (_ id: Reminder.ID) async -> Void
}

extension NotificationsClient: DependencyKey {
  /// The notification center.
  ///
  /// On iOS this wraps `UNUserNotificationCenter`. Linux has no notification center, so the
  /// headless build keeps reminders in the process (``inProcess()``), always allowed, where
  /// scripts and the daemon can list them.
  public static let liveValue = NotificationsClient.inProcess()

  /// Every endpoint unimplemented: a test sets the ones its feature should reach.
  public static let testValue = NotificationsClient()

  /// A notification center of the process's own: reminders are kept in memory, never shown.
  public static func inProcess(authorized: Bool = true) -> Self {
    let reminders = LockIsolated<[Reminder.ID: Reminder]>([:])
    return Self(
      requestAuthorization: { authorized },
      schedule: { reminder in reminders.withValue { $0[reminder.id] = reminder } },
      pending: { reminders.value.values.sorted { $0.fireDate < $1.fireDate } },
      remove: { id in reminders.withValue { $0[id] = nil } }
    )
  }
}

extension DependencyValues {
  /// The system's local notifications.
  public var notifications: NotificationsClient {
    get { self[NotificationsClient.self] }
    set { self[NotificationsClient.self] = newValue }
  }
}
