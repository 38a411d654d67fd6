// BookDetail: one book of the shelf — edited in a sheet, removed after an alert, a reminder to
// pick it up again, and the way into a reading session.

import BookForm
import ComposableArchitecture
import Models
import NotificationsClient

/// A book of the shelf, with what the reader can do with it.
@Reducer
public struct BookDetail {
  /// What the detail presents: the edit sheet, or an alert.
  @Reducer
  public enum Destination {
    /// An alert: removing the book, or notifications being off.
    case alert(AlertState<BookDetail.Action.Alert>)
    /// The edit sheet.
    case edit(BookForm)
  }

  /// The book, shared with the shelf, and what is presented over it.
  @ObservableState
  public struct State: Equatable {
    /// The book on the shelf: edits here are edits there.
    @Shared public var book: Book
    /// The sheet or alert on screen, if any.
    @Presents public var destination: Destination.State?
    /// The reminder scheduled for the book from this screen, if any.
    public var reminder: Reminder?

    /// A detail of `book`, the shelf's own (`Shared($books[id: id])`).
    public init(
      book: Shared<Book>, destination: Destination.State? = nil, reminder: Reminder? = nil
    ) {
      self._book = book
      self.destination = destination
      self.reminder = reminder
    }
  }

  /// What the detail's buttons, its presentations and its effects send.
  public enum Action: ViewAction {
    /// What the detail asks of the feature that shows it.
    case delegate(Delegate)
    /// An action of the sheet or the alert.
    case destination(PresentationAction<Destination.Action>)
    /// The reader did not allow notifications.
    case notificationsDenied
    /// The reminder is scheduled.
    case reminderScheduled(Reminder)
    /// The detail's buttons.
    case view(View)

    /// The buttons of the detail's alerts.
    @CasePathable
    public enum Alert: Equatable, Sendable {
      /// Remove the book from the shelf.
      case confirmDeletion
    }

    /// What the detail asks of the feature that shows it.
    @CasePathable
    public enum Delegate: Equatable, Sendable {
      /// Start a reading session on the book.
      case startReading
    }

    /// The buttons the screen shows.
    @CasePathable
    public enum View: Equatable, Sendable {
      /// Cancel in the edit sheet: drops the edits.
      case cancelEditButtonTapped
      /// Remove from Shelf.
      case deleteButtonTapped
      /// Done in the edit sheet: saves the edits to the shelf.
      case doneEditingButtonTapped
      /// Edit.
      case editButtonTapped
      /// Remind Me Tomorrow.
      case remindMeTomorrowButtonTapped
      /// Start Reading.
      case startReadingButtonTapped
    }
  }

  @Dependency(\.calendar) var calendar
  @Dependency(\.date.now) var now
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.notifications) var notifications

  /// Makes the detail's reducer.
  public init() {}

  /// The detail's buttons, then the sheet and the alert.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .delegate:
        return .none

      case .destination(.presented(.alert(.confirmDeletion))):
        @Shared(.books) var books
        let id = state.book.id
        $books.withLock { _ = $0.remove(id: id) }
        return .run { [dismiss] _ in await dismiss() }

      case .destination:
        return .none

      case .notificationsDenied:
        state.destination = .alert(.notificationsOff)
        return .none

      case .reminderScheduled(let reminder):
        state.reminder = reminder
        return .none

      case .view(.cancelEditButtonTapped):
        state.destination = nil
        return .none

      case .view(.deleteButtonTapped):
        state.destination = .alert(.removeBook(titled: state.book.title))
        return .none

      case .view(.doneEditingButtonTapped):
        guard let form = state.destination?.edit, form.isSaveable else { return .none }
        state.$book.withLock { $0 = form.book }
        state.destination = nil
        return .none

      case .view(.editButtonTapped):
        state.destination = .edit(BookForm.State(book: state.book))
        return .none

      case .view(.remindMeTomorrowButtonTapped):
        let tomorrow = calendar.date(byAdding: .day, value: 1, to: now) ?? now
        let reminder = Reminder(
          id: state.book.id, title: "Pick up \(state.book.title) again", fireDate: tomorrow)
        return .run { [notifications] send in
          guard try await notifications.requestAuthorization() else {
            await send(.notificationsDenied)
            return
          }
          try await notifications.schedule(reminder: reminder)
          await send(.reminderScheduled(reminder))
        } catch: { _, send in
          await send(.notificationsDenied)
        }

      case .view(.startReadingButtonTapped):
        return .send(.delegate(.startReading))
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

extension BookDetail.Destination.State: Equatable {}

extension AlertState where Action == BookDetail.Action.Alert {
  /// Asks before the book titled `title` leaves the shelf.
  public static func removeBook(titled title: String) -> Self {
    Self {
      TextState("Remove “\(title)”?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) {
        TextState("Remove")
      }
      ButtonState(role: .cancel) {
        TextState("Keep")
      }
    } message: {
      TextState("Its notes and reading time go with it.")
    }
  }

  /// Says that reminders need notifications, which the reader did not allow.
  public static var notificationsOff: Self {
    Self {
      TextState("Notifications are off")
    } actions: {
      ButtonState(role: .cancel) {
        TextState("OK")
      }
    } message: {
      TextState("Allow notifications for Library in Settings to get reading reminders.")
    }
  }
}
