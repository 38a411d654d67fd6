// FloatingMenu: what the seed's floating "current stack" menu shows, derived from the navigation
// demo's state (the seed's `FloatingMenuView.ViewState`, kept apart from its SwiftUI body).

@testable import CaseStudies
import Composable

/// The floating menu of the navigation demo.
enum FloatingMenu {
  /// What the floating menu shows, derived from `NavigationDemo.State`.
  struct ViewState: Equatable {
    /// One screen of the current stack.
    struct Screen: Equatable, Identifiable {
      /// The screen's place in the stack.
      let id: StackElementID
      /// The screen's title: "Screen A", "Screen B" or "Screen C".
      let name: String
    }

    /// The screens on the stack, topmost first.
    var currentStack: [Screen]
    /// The sum of the counts of the Screen A and Screen C instances on the stack.
    var total: Int

    /// Derives the menu from the navigation demo's state.
    init(state: NavigationDemo.State) {
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
  var floatingMenu: FloatingMenu.ViewState { FloatingMenu.ViewState(state: self) }
}
