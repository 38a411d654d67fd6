// The seed's `NavigationDemo` feature (000_250009d61a67d5d9.txt, "NavigationStack (feat. Path &
// destination)" and "전체코드"): a stack of Screen A, B and C driven by `StackState`, with the
// floating "current stack" menu's view state. Copied with the import changed, `public` added for
// use from other modules, the comments translated, and the SwiftUI views dropped (the menu's
// `ViewState` is kept, in a `FloatingMenu` namespace). The conformances navd needs are added at
// the bottom.

import Composable

/// A navigation stack of Screen A, B and C: push several screens at once, pop to any screen or to
/// the root, and let the root intercept Screen B's decoupled navigation.
public struct NavigationDemo: Reducer {
  /// The root's state: the stack of screens above it.
  public struct State: Equatable {
    /// The screens pushed onto the stack, bottom first.
    public var path = StackState<Path.State>()

    /// Creates the root's state with `path` pushed.
    public init(path: StackState<Path.State> = StackState<Path.State>()) {
      self.path = path
    }
  }

  /// The root's actions.
  public enum Action: Equatable {
    case goBackToScreen(id: StackElementID)
    case goToABCButtonTapped
    case path(StackAction<Path.State, Path.Action>)
    case popToRoot
  }

  /// Creates the reducer.
  public init() {}

  /// Pushes and pops screens, and runs each screen on the stack.
  public var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case let .goBackToScreen(id):
        state.path.pop(to: id)
        return .none

      case .goToABCButtonTapped:
        // The path is controlled by appending several screens to it in order;
        // appending alone is enough to drive the NavigationLinks.
        state.path.append(.screenA())
        state.path.append(.screenB())
        state.path.append(.screenC())
        return .none

      case let .path(action):
        switch action {
        case .element(id: _, action: .screenB(.screenAButtonTapped)):
          state.path.append(.screenA())
          return .none

        case .element(id: _, action: .screenB(.screenBButtonTapped)):
          state.path.append(.screenB())
          return .none

        case .element(id: _, action: .screenB(.screenCButtonTapped)):
          state.path.append(.screenC())
          return .none

        default:
          return .none
        }

      case .popToRoot:
        state.path.removeAll()
        return .none
      }
    }
    .forEach(\.path, action: /Action.path) {  // the path is a collection, so it is integrated here
      Path()
    }
  }

  /// The screens the stack can hold.
  public struct Path: Reducer {
    /// A screen's state.
    public enum State: Codable, Equatable, Hashable {
      case screenA(ScreenA.State = .init())
      case screenB(ScreenB.State = .init())
      case screenC(ScreenC.State = .init())
    }

    /// A screen's actions.
    public enum Action: Equatable {
      case screenA(ScreenA.Action)
      case screenB(ScreenB.Action)
      case screenC(ScreenC.Action)
    }

    /// Creates the reducer.
    public init() {}

    /// Runs each screen in its case.
    public var body: some Reducer<State, Action> {
      Scope(state: /State.screenA, action: /Action.screenA) {
        ScreenA()
      }
      Scope(state: /State.screenB, action: /Action.screenB) {
        ScreenB()
      }
      Scope(state: /State.screenC, action: /Action.screenC) {
        ScreenC()
      }
    }
  }
}

// MARK: - Floating menu

/// The floating menu the seed's `NavigationDemoView` shows over the stack: the total of the
/// screens' counts and the current stack, topmost first, with a button per screen that sends
/// `.goBackToScreen(id:)` and buttons that send `.popToRoot`.
public enum FloatingMenu {
  // How the seed uses a ViewState.
  /// What the floating menu shows, derived from `NavigationDemo.State`.
  public struct ViewState: Equatable {
    /// One screen of the current stack.
    public struct Screen: Equatable, Identifiable {
      /// The screen's place in the stack.
      public let id: StackElementID
      /// The screen's title: "Screen A", "Screen B" or "Screen C".
      public let name: String

      /// Creates a screen entry.
      public init(id: StackElementID, name: String) {
        self.id = id
        self.name = name
      }
    }

    /// The screens on the stack, topmost first.
    public var currentStack: [Screen]
    /// The sum of the counts of the Screen A and Screen C instances on the stack.
    public var total: Int

    /// Derives the menu from the navigation demo's state.
    public init(state: NavigationDemo.State) {
      self.total = 0
      self.currentStack = []
      for (id, element) in zip(state.path.ids, state.path) {
        // Inserted at 0 so that the top of the stack always comes first.
        switch element {
        case let .screenA(screenAState):
          self.total += screenAState.count
          self.currentStack.insert(Screen(id: id, name: "Screen A"), at: 0)
        case .screenB:
          self.currentStack.insert(Screen(id: id, name: "Screen B"), at: 0)
        case let .screenC(screenBState):
          self.total += screenBState.count
          self.currentStack.insert(Screen(id: id, name: "Screen C"), at: 0)
        }
      }
    }
  }
}

extension NavigationDemo.State {
  /// What the floating menu shows for this state; the seed's view shows the menu only when
  /// `currentStack` is not empty.
  public var floatingMenu: FloatingMenu.ViewState { FloatingMenu.ViewState(state: self) }
}

// MARK: - Conformances for scripts, the wire and the registry

extension NavigationDemo: Sendable {}
extension NavigationDemo.Path: Sendable {}
extension NavigationDemo.State: Codable, Sendable {}
extension NavigationDemo.Action: Codable, Sendable {}
extension NavigationDemo.Path.State: Sendable {}
extension NavigationDemo.Path.Action: Codable, Sendable {}
extension FloatingMenu.ViewState: Codable, Sendable {}
extension FloatingMenu.ViewState.Screen: Codable, Sendable {}
