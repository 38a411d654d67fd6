// An inbox with one bug of each kind `explore` finds, planted on purpose: the fixture that
// scripts/test explores and expects every kind found, each with a failing, shrunk repro.
//
// - crash: "Delete first" removes the first message without looking, and traps when there is
//   none — from every state with an empty inbox (the unread count, the sync's ticks, the times
//   checked and the archive shown all vary), over a hundred of them within 6,000 steps (51
//   within the default 2,000): one bug that `explore` must report once, with its count of states;
// - invariant: "Mark read" counts down past zero (explore/invariants.lua says it never does);
// - runtime warning: "Send later" dismisses the compose sheet, and its delayed "sent" reaches
//   a sheet that is gone;
// - dead end: the terms cover has a toggle and no way out;
// - leaked effect: a message's "Start sync" starts a timer in the inbox that nothing cancels.
//
// `trapsWhenEmpty: false` plants every bug but the crash, for walks in one process.

import ComposableArchitecture

@Reducer
struct Inbox {
  @ObservableState
  struct State: Equatable {
    var messages: [String] = []
    var unread = 2
    var checks = 0
    var showsArchive = false
    var syncs = 0
    var trapsWhenEmpty = true
    var path = StackState<Path.State>()
    @Presents var destination: Destination.State?
  }

  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case checkMailButtonTapped
    case composeButtonTapped
    case deleteFirstButtonTapped
    case destination(PresentationAction<Destination.Action>)
    case markReadButtonTapped
    case path(StackActionOf<Path>)
    case restoreAllButtonTapped
    case syncTicked
    case termsButtonTapped
  }

  @Reducer
  enum Destination {
    case compose(Compose)
    case terms(Terms)
  }

  @Reducer
  enum Path {
    case message(Message)
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .checkMailButtonTapped:
        state.checks += 1
        state.messages.append("Message \(state.checks)")
        return .none
      case .composeButtonTapped:
        state.destination = .compose(Compose.State())
        return .none
      case .deleteFirstButtonTapped:
        if state.trapsWhenEmpty || !state.messages.isEmpty {
          state.messages.removeFirst()  // planted: traps on an empty inbox
        }
        return .none
      case .destination(.presented(.compose(.sendLaterButtonTapped))):
        state.destination = nil
        // planted: the delayed delivery is sent to the sheet just dismissed
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(2))
          await send(.destination(.presented(.compose(.sent))))
        }
      case .markReadButtonTapped:
        state.unread -= 1  // planted: goes below zero
        return .none
      case .path(.element(id: _, action: .message(.startSyncButtonTapped))):
        // planted: a long-living effect of the inbox, started for a message and never cancelled
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.syncTicked)
          }
        }
      case .restoreAllButtonTapped:
        state.messages = ["Restored"]
        return .none
      case .syncTicked:
        state.syncs += 1
        return .none
      case .termsButtonTapped:
        state.destination = .terms(Terms.State())
        return .none
      case .binding, .destination, .path:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
    .forEach(\.path, action: \.path)
  }
}

extension Inbox.Destination.State: Equatable {}
extension Inbox.Path.State: Equatable {}

/// The compose sheet: "Send later" hands the draft to the inbox, "Cancel" closes it.
@Reducer
struct Compose {
  @ObservableState
  struct State: Equatable {
    var sent = false
  }
  enum Action {
    case cancelButtonTapped
    case sendLaterButtonTapped
    case sent
  }
  @Dependency(\.dismiss) var dismiss
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cancelButtonTapped:
        return .run { [dismiss] _ in await dismiss() }
      case .sendLaterButtonTapped:
        return .none
      case .sent:
        state.sent = true
        return .none
      }
    }
  }
}

/// The terms, shown as a full-screen cover: a toggle, and (planted) no button that leaves.
@Reducer
struct Terms {
  @ObservableState
  struct State: Equatable {
    var agreed = false
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

/// A message pushed onto the inbox's stack, with a "Start sync" button.
@Reducer
struct Message {
  @ObservableState
  struct State: Equatable {
    var subject = ""
  }
  enum Action {
    case startSyncButtonTapped
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
  }
}
