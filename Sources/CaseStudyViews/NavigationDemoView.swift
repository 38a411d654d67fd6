// The seeds' `NavigationDemoView`, headless: a navigation stack of Screens A, B and C with the
// floating "current stack" menu over it.

@testable import CaseStudies
import Composable
import HeadlessUI

/// The navigation stack demo.
public struct NavigationDemoView: View {
  let store: StoreOf<NavigationDemo>

  /// The view of `store`.
  public init(store: StoreOf<NavigationDemo>) { self.store = store }

  /// The stack: the root's links, a screen per element, the floating menu over them.
  public var body: some View {
    NavigationStackStore(
      self.store.scope(state: \.path, action: NavigationDemo.Action.path)
    ) {
      Form {
        Section { Text(template: readMe) }

        Section {
          NavigationLink(
            "Go to screen A",
            state: NavigationDemo.Path.State.screenA()
          )
          NavigationLink(
            "Go to screen B",
            state: NavigationDemo.Path.State.screenB()
          )
          NavigationLink(
            "Go to screen C",
            state: NavigationDemo.Path.State.screenC()
          )
        }

        Section {
          Button("Go to A → B → C") {
            self.store.send(.goToABCButtonTapped)
          }
        }
      }
      .navigationTitle("Root")
    } destination: {
      switch $0 {
      case .screenA:
        CaseLet(
          /NavigationDemo.Path.State.screenA,
          action: NavigationDemo.Path.Action.screenA,
          then: ScreenAView.init(store:)
        )
      case .screenB:
        CaseLet(
          /NavigationDemo.Path.State.screenB,
          action: NavigationDemo.Path.Action.screenB,
          then: ScreenBView.init(store:)
        )
      case .screenC:
        CaseLet(
          /NavigationDemo.Path.State.screenC,
          action: NavigationDemo.Path.Action.screenC,
          then: ScreenCView.init(store:)
        )
      }
    }
    .safeAreaInset(edge: .bottom) {
      FloatingMenuView(store: self.store)
    }
    .navigationTitle("Navigation Stack")
  }
}

private let readMe = """
  This screen demonstrates how to use `NavigationStack` with Composable Architecture applications.
  """

/// The floating menu over the stack: the total count, "Pop to root", and a button per screen
/// that pops back to it (the topmost disabled).
struct FloatingMenuView: View {
  let store: StoreOf<NavigationDemo>

  var body: some View {
    WithViewStore(self.store, observe: \.floatingMenu) { viewStore in
      if viewStore.currentStack.count > 0 {
        VStack(alignment: .center) {
          Text("Total count: \(viewStore.total)")
          Button("Pop to root") {
            viewStore.send(.popToRoot)
          }
          Menu("Current stack") {
            ForEach(viewStore.currentStack) { screen in
              Button("\(String(describing: screen.id))) \(screen.name)") {
                viewStore.send(.goBackToScreen(id: screen.id))
              }
              .disabled(screen == viewStore.currentStack.first)
            }
            Button("Root") {
              viewStore.send(.popToRoot)
            }
          }
        }
      }
    }
  }
}
