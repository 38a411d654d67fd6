// The rendering store: a real `Store` over a snapshot, scoping, sending from a control's closure
// (and only from there).

import Composable
import XCTest

@testable import HeadlessUICore

/// The message's view, reached through two scopes: one with a closure, one with a case path.
private struct MessageView: View {
  let store: StoreOf<Message>

  var body: some View {
    Text("\(store.state.stars) stars")
    Button("Star") { store.send(.star) }
  }
}

private struct InboxView: View {
  let store: StoreOf<Inbox>

  var body: some View {
    MessageView(
      store: store.scope(state: \.folder, action: { .folder($0) })
        .scope(state: \.message, action: /Folder.Action.message))
  }
}

final class RenderingStoreTests: XCTestCase {
  func testTheRenderingStoreShowsItsSnapshotAndIsAlwaysSettled() {
    let store = StoreOf<Inbox>.rendering(Inbox.State(title: "Archive", tab: .all))
    XCTAssertEqual(store.state.title, "Archive")
    XCTAssertEqual(store.state.tab, .all)
    XCTAssertEqual(store.withState(\.folder.message.stars), 2)
    XCTAssertEqual(store.version, 0)
    XCTAssertTrue(store.isSettled)
  }

  func testScopeNarrowsTheState() {
    let store = StoreOf<Inbox>.rendering(Inbox.State())
    let message = store.scope(state: \.folder, action: { .folder($0) })
      .scope(state: \.message, action: /Folder.Action.message)
    XCTAssertEqual(message.state.stars, 2)
    let tree = NavigationTree(rendering: InboxView(store: store))
    XCTAssertEqual(tree.frontmost.nodes.map(\.label), ["2 stars", "Star"])
  }

  func testAnActionSentFromATwiceScopedStoreArrivesAsTheRootAction() throws {
    let tree = NavigationTree(rendering: InboxView(store: StoreOf<Inbox>.rendering(Inbox.State())))
    let activation = try tree.tap(ControlQuery(label: "Star"))
    XCTAssertEqual(sent(activation, as: Inbox.Action.self), [.folder(.message(.star))])
  }

  func testActivatingTheControlRecordsWhatItsClosureSends() throws {
    let tree = NavigationTree(rendering: InboxView(store: StoreOf<Inbox>.rendering(Inbox.State())))
    let button = try XCTUnwrap(tree.frontmost.nodes.first { $0.kind == .button })
    let control = try XCTUnwrap(button.control)
    guard case .send(let actions) = control.activate() else {
      return XCTFail("a button sends actions")
    }
    XCTAssertEqual(actions.count, 1)
    XCTAssertEqual(actions.first?.value as? Inbox.Action, .folder(.message(.star)))
  }

  func testTheScreenDriverSendsTheRootAction() throws {
    var received: [Inbox.Action] = []
    let driver = ScreenDriver<Inbox.State, Inbox.Action>(
      state: { Inbox.State() }, send: { received.append($0) },
      nextStackElementID: { StackElementID(generation: 0) },
      view: { InboxView(store: $0)._render() })
    try driver.tap(ControlQuery(label: "Star"))
    XCTAssertEqual(received, [.folder(.message(.star))])
  }

  func testEverySendOfAClosureIsRecordedInOrder() throws {
    let store = StoreOf<Inbox>.rendering(Inbox.State())
    let folder = store.scope(state: \.folder, action: { .folder($0) })
    let view = Button("Sync") {
      store.send(.refresh)
      folder.send(.rename("Done"))
      store.send(.selectTab(.all))
    }
    let activation = try NavigationTree(rendering: view).tap(ControlQuery(label: "Sync"))
    XCTAssertEqual(
      sent(activation, as: Inbox.Action.self),
      [.refresh, .folder(.rename("Done")), .selectTab(.all)])
  }

  func testSendingOutsideAControlsClosureRecordsNothingAndWarns() throws {
    /// A view that wrongly sends while it renders.
    struct SendingWhileRendering: View {
      let store: StoreOf<Inbox>
      var body: some View {
        let _ = store.send(.refresh)
        Button("Reload") { store.send(.selectTab(.unread)) }
      }
    }
    var tree: NavigationTree?
    let warnings = runtimeWarnings {
      tree = NavigationTree(
        rendering: SendingWhileRendering(store: StoreOf<Inbox>.rendering(Inbox.State())))
    }
    XCTAssertEqual(
      warnings,
      [
        "A headless view sent an action while rendering; only a control's closure may send. "
          + "Action: refresh"
      ])
    // The render-time send was not kept for the next tap.
    let activation = try XCTUnwrap(tree).tap(ControlQuery(label: "Reload"))
    XCTAssertEqual(sent(activation, as: Inbox.Action.self), [.selectTab(.unread)])
  }

  func testSendingFromAScopedStoreOutsideAClosureWarnsWithTheRootAction() {
    let store = StoreOf<Inbox>.rendering(Inbox.State())
      .scope(state: \.folder, action: { .folder($0) })
    let warnings = runtimeWarnings { store.send(.rename("Home")) }
    XCTAssertEqual(warnings.count, 1)
    // The scope embedded the child's action before the rendering store saw it.
    XCTAssertTrue(warnings.first?.contains("Action: folder(") == true, "\(warnings)")
    XCTAssertTrue(warnings.first?.hasSuffix("rename(\"Home\"))") == true, "\(warnings)")
  }
}
