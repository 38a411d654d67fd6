// `HeadlessStore`: reading the state, scoping, sending from a control's closure (and only from
// there), and bindings.

import Composable
import Synchronization
import XCTest

@testable import HeadlessUI

// MARK: - A feature three levels deep

private struct Inbox: Reducer {
  struct State {
    var title = "Inbox"
    var tab = Tab.unread
    var folder = Folder.State()
  }
  enum Action: Equatable {
    case folder(Folder.Action)
    case refresh
    case selectTab(Tab)
  }
  enum Tab: Hashable { case unread, all }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

private struct Folder: Reducer {
  struct State {
    var name = "Work"
    var message = Message.State()
  }
  enum Action: Equatable {
    case message(Message.Action)
    case rename(String)
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

private struct Message: Reducer {
  struct State { var stars = 2 }
  enum Action: Equatable {
    case star
    case unstar
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// The message's view, reached through two scopes: one with a closure, one with a case path.
private struct MessageView: View {
  let store: HeadlessStoreOf<Message>

  var body: ViewContent {
    Text("\(store.stars) stars")
    Button("Star") { store.send(.star) }
  }
}

private struct InboxView: View {
  let store: HeadlessStoreOf<Inbox>

  var body: ViewContent {
    MessageView(
      store: store.scope(state: \.folder, action: { .folder($0) })
        .scope(state: \.message, action: /Folder.Action.message))
  }
}

/// Records the runtime warnings reported while `body` runs.
private func runtimeWarnings(in body: () -> Void) -> [String] {
  let log = Mutex<[String]>([])
  withDependencies {
    $0.issueReporter = IssueReporter { message, _ in log.withLock { $0.append(message) } }
  } operation: {
    body()
  }
  return log.withLock { $0 }
}

/// The root actions of an activation, as the root feature's actions.
private func sent<Action>(
  _ activation: Activation, as _: Action.Type, file: StaticString = #filePath, line: UInt = #line
) -> [Action] {
  guard case .send(let actions) = activation else {
    XCTFail("expected actions to send, got a push", file: file, line: line)
    return []
  }
  return actions.compactMap { action in
    guard let action = action.value as? Action else {
      XCTFail("\(type(of: action.value)) is not \(Action.self)", file: file, line: line)
      return nil
    }
    return action
  }
}

final class HeadlessStoreTests: XCTestCase {
  func testDynamicMemberLookupReadsTheState() {
    let store = HeadlessStoreOf<Inbox>(rootState: Inbox.State(title: "Archive", tab: .all))
    XCTAssertEqual(store.title, "Archive")
    XCTAssertEqual(store.tab, .all)
    XCTAssertEqual(store.folder.name, "Work")
    XCTAssertEqual(store.folder.message.stars, 2)
    XCTAssertEqual(store.state.title, "Archive")
  }

  func testScopeNarrowsTheState() {
    let store = HeadlessStoreOf<Inbox>(rootState: Inbox.State())
    let message = store.scope(state: \.folder, action: { .folder($0) })
      .scope(state: \.message, action: /Folder.Action.message)
    XCTAssertEqual(message.stars, 2)
    let tree = NavigationTree(rendering: InboxView(store: store))
    XCTAssertEqual(tree.frontmost.nodes.map(\.label), ["2 stars", "Star"])
  }

  func testAnActionSentFromATwiceScopedStoreArrivesAsTheRootAction() throws {
    let tree = NavigationTree(rendering: InboxView(store: HeadlessStore(rootState: Inbox.State())))
    let activation = try tree.tap(ControlQuery(label: "Star"))
    XCTAssertEqual(sent(activation, as: Inbox.Action.self), [.folder(.message(.star))])
  }

  func testActivatingTheControlRecordsWhatItsClosureSends() throws {
    let tree = NavigationTree(rendering: InboxView(store: HeadlessStore(rootState: Inbox.State())))
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
      view: { InboxView(store: $0).body })
    try driver.tap(ControlQuery(label: "Star"))
    XCTAssertEqual(received, [.folder(.message(.star))])
  }

  func testEverySendOfAClosureIsRecordedInOrder() throws {
    let store = HeadlessStoreOf<Inbox>(rootState: Inbox.State())
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
      let store: HeadlessStoreOf<Inbox>
      var body: ViewContent {
        let _ = store.send(.refresh)
        Button("Reload") { store.send(.selectTab(.unread)) }
      }
    }
    var tree: NavigationTree?
    let warnings = runtimeWarnings {
      tree = NavigationTree(
        rendering: SendingWhileRendering(store: HeadlessStore(rootState: Inbox.State())))
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

  func testSendingFromAScopedStoreOutsideAClosureWarnsWithTheChildAction() {
    let store = HeadlessStoreOf<Inbox>(rootState: Inbox.State())
      .scope(state: \.folder, action: { .folder($0) })
    let warnings = runtimeWarnings { store.send(.rename("Home")) }
    XCTAssertEqual(warnings.count, 1)
    XCTAssertTrue(warnings.first?.hasSuffix("Action: rename(\"Home\")") == true, "\(warnings)")
  }

  func testBindingReadsTheStateAndSendsItsAction() {
    let folder = HeadlessStoreOf<Inbox>(rootState: Inbox.State())
      .scope(state: \.folder, action: { .folder($0) })
    let name = folder.binding(get: \.name, send: { .rename($0) })
    XCTAssertEqual(name.wrappedValue, "Work")
    let actions = ActionRecorder.record { name.set("Home") }
    XCTAssertEqual(actions.map { $0.value as? Inbox.Action }, [.folder(.rename("Home"))])
  }

  func testSettingABindingOutsideAControlWarnsAndSendsNothing() {
    let store = HeadlessStoreOf<Inbox>(rootState: Inbox.State())
    let tab = store.binding(get: \.tab, send: { .selectTab($0) })
    let warnings = runtimeWarnings { tab.set(.all) }
    XCTAssertEqual(warnings.count, 1)
    XCTAssertTrue(warnings.first?.contains("Action: selectTab(") == true, "\(warnings)")
  }

  func testBindingToTheWholeObservedState() throws {
    let store = HeadlessStoreOf<Inbox>(rootState: Inbox.State(tab: .all))
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

    let binding = store.scope(state: \.tab, action: { $0 }).binding(send: { .selectTab($0) })
    XCTAssertEqual(binding.wrappedValue, .all)
  }

  func testWithViewStoreObservesAPartOfTheStateAndKeepsTheActions() throws {
    let store = HeadlessStoreOf<Inbox>(rootState: Inbox.State(title: "Drafts"))
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
