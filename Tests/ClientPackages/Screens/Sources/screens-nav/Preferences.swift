// Preferences, in the 1.0–1.3 dialect: a name field, a theme picker, notifications, and an
// "About" sheet, through `Reducer`, `@PresentationState` and case paths.

import ComposableArchitecture

struct Preferences: Reducer {
  struct State: Equatable {
    var name = "Blob"
    var theme = Theme.system
    var notifications = true
    @PresentationState var about: About.State?

    init() {}
  }

  enum Action: Equatable {
    case about(PresentationAction<About.Action>)
    case aboutButtonTapped
    case nameChanged(String)
    case notificationsToggled(Bool)
    case themeSelected(Theme)
  }

  enum Theme: String, CaseIterable, Equatable, Hashable, Sendable {
    case system, light, dark
  }

  init() {}

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .about:
        return .none
      case .aboutButtonTapped:
        state.about = About.State()
        return .none
      case .nameChanged(let name):
        state.name = name
        return .none
      case .notificationsToggled(let isOn):
        state.notifications = isOn
        return .none
      case .themeSelected(let theme):
        state.theme = theme
        return .none
      }
    }
    .ifLet(\.$about, action: /Action.about) {
      About()
    }
  }
}

/// The "About" sheet: a version and a "Done" button.
struct About: Reducer {
  struct State: Equatable {
    var version = "1.0"
  }
  enum Action: Equatable { case doneButtonTapped }
  @Dependency(\.dismiss) var dismiss
  var body: some Reducer<State, Action> {
    Reduce { _, _ in
      .run { [dismiss] _ in await dismiss() }
    }
  }
}
