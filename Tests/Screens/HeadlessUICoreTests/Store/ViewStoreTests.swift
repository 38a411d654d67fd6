// ViewStore and WithViewStore: observing part of a store's state, sending, and bindings that
// send actions, as TCA 1.0–1.3 views use them.

import Composable
import XCTest

@testable import HeadlessUICore

final class ViewStoreTests: XCTestCase {
  func testDynamicMemberLookupReadsTheObservedState() {
    let store = StoreOf<Inbox>.rendering(Inbox.State(title: "Archive", tab: .all))
    let viewStore = ViewStore(store, observe: { $0 })
    XCTAssertEqual(viewStore.title, "Archive")
    XCTAssertEqual(viewStore.tab, .all)
    XCTAssertEqual(viewStore.folder.name, "Work")
    XCTAssertEqual(ViewStore(store, observe: \.title).state, "Archive")
  }

  func testBindingReadsTheStateAndSendsItsAction() {
    let folder = StoreOf<Inbox>.rendering(Inbox.State())
      .scope(state: \.folder, action: { .folder($0) })
    let name = ViewStore(folder, observe: { $0 }).binding(get: \.name, send: { .rename($0) })
    XCTAssertEqual(name.wrappedValue, "Work")
    let actions = ActionRecorder.record { name.wrappedValue = "Home" }
    XCTAssertEqual(actions.map { $0.value as? Inbox.Action }, [.folder(.rename("Home"))])
  }

  func testSettingABindingOutsideAControlWarnsAndSendsNothing() {
    let store = StoreOf<Inbox>.rendering(Inbox.State())
    let tab = ViewStore(store, observe: { $0 }).binding(get: \.tab, send: { .selectTab($0) })
    let warnings = runtimeWarnings { tab.wrappedValue = .all }
    XCTAssertEqual(warnings.count, 1)
    XCTAssertTrue(warnings.first?.contains("Action: selectTab(") == true, "\(warnings)")
  }

  func testBindingToTheWholeObservedState() throws {
    let store = StoreOf<Inbox>.rendering(Inbox.State(tab: .all))
    let view = WithViewStore(store, observe: \.tab) { viewStore in
      Picker("Show", selection: viewStore.binding(send: Inbox.Action.selectTab)) {
        Text("Unread").tag(Inbox.Tab.unread)
        Text("All").tag(Inbox.Tab.all)
      }
    }
    let tree = NavigationTree(rendering: view)
    XCTAssertEqual(tree.frontmost.nodes.first?.value, "All")
    let activation = try tree.tap(ControlQuery(label: "Unread"))
    XCTAssertEqual(sent(activation, as: Inbox.Action.self), [.selectTab(.unread)])

    let binding = ViewStore(store.scope(state: \.tab, action: { $0 }), observe: { $0 })
      .binding(send: { .selectTab($0) })
    XCTAssertEqual(binding.wrappedValue, .all)
  }

  func testWithViewStoreObservesAPartOfTheStateAndKeepsTheActions() throws {
    let store = StoreOf<Inbox>.rendering(Inbox.State(title: "Drafts"))
    let view = WithViewStore(store, observe: { $0.title.uppercased() }) { viewStore in
      Text(viewStore.state)
      Button("Refresh") { viewStore.send(.refresh) }
    }
    let tree = NavigationTree(rendering: view)
    XCTAssertEqual(tree.frontmost.nodes.map(\.label), ["DRAFTS", "Refresh"])
    let activation = try tree.tap(ControlQuery(label: "Refresh"))
    XCTAssertEqual(sent(activation, as: Inbox.Action.self), [.refresh])
  }
}
