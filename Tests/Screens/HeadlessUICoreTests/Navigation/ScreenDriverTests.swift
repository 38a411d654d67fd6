// `ScreenDriver` over a real store: taps, typing and going back become the store's actions, and a
// link's push takes its id from the store's own generator.

import Composable
import XCTest

@testable import HeadlessUICore

private struct Notebook: Reducer {
  struct State: Equatable {
    var path = StackState<Note.State>()
    var draft = ""
  }
  enum Action: Equatable {
    case addButtonTapped
    case path(StackAction<Note.State, Note.Action>)
    case setDraft(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.path.append(Note.State(text: state.draft))
        state.draft = ""
        return .none
      case .path:
        return .none
      case .setDraft(let draft):
        state.draft = draft
        return .none
      }
    }
    .forEach(\.path, action: /Action.path) { Note() }
  }
}

private struct Note: Reducer {
  struct State: Equatable {
    var text = ""
    var edits = 0
  }
  enum Action: Equatable { case editButtonTapped }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.edits += 1
    return .none
  }
}

private struct NotebookView: View {
  let store: StoreOf<Notebook>

  var body: ViewContent {
    NavigationStackStore(store.scope(state: \.path, action: { .path($0) })) {
      Form {
        TextField(
          "Draft",
          text: ViewStore(store, observe: { $0 }).binding(get: \.draft, send: { .setDraft($0) }))
        Button("Add") { store.send(.addButtonTapped) }
        NavigationLink("New note", state: Note.State(text: "Untitled"))
      }
      .navigationTitle("Notebook")
    } destination: { _ in
      CaseLet(CasePath<Note.State, Note.State>.`self`, action: { $0 }) { NoteView(store: $0) }
    }
  }
}

/// A note's screen.
private struct NoteView: View {
  let store: StoreOf<Note>

  var body: ViewContent {
    Text(store.state.text)
    Text("\(store.state.edits) edits")
    Button("Edit") { store.send(.editButtonTapped) }
    NavigationLink("Next note", state: Note.State(text: "Next"))
  }
}

/// The notebook in a store whose stack element ids come from `ids`, and a driver over it.
private final class Harness: @unchecked Sendable {
  let ids: StackElementIDGenerator
  let store: StoreOf<Notebook>

  init(ids: StackElementIDGenerator, state: Notebook.State = Notebook.State()) {
    self.ids = ids
    store = Store(initialState: state) {
      Notebook()
    } withDependencies: {
      $0.stackElementID = ids
    }
  }

  var driver: ScreenDriver<Notebook.State, Notebook.Action> {
    let store = self.store
    let ids = self.ids
    return ScreenDriver(
      state: { store.state }, send: { store.send($0) }, nextStackElementID: { ids() },
      view: { NotebookView(store: $0)._render() })
  }
}

final class ScreenDriverTests: XCTestCase {
  func testTheTreeIsRenderedFromTheStoresCurrentState() {
    let app = Harness(ids: StackElementIDGenerator())
    XCTAssertEqual(app.driver.tree().frontmost.name, "stack root Notebook")
    XCTAssertEqual(
      app.driver.tree().frontmost.nodes.flatMap(\.flattened).first { $0.kind == .textField }?
        .value, "")
  }

  func testALinksPushTakesTheNextIDFromTheStoresGenerator() throws {
    let app = Harness(ids: StackElementIDGenerator(startingAt: 5))
    try app.driver.tap(ControlQuery(label: "New note"))
    XCTAssertEqual(app.store.state.path.ids, [5])
    XCTAssertEqual(app.store.state.path[id: 5], Note.State(text: "Untitled"))
    XCTAssertEqual(app.ids.peek, 6)
    XCTAssertEqual(app.driver.tree().frontmost.id, 5)

    try app.driver.tap(ControlQuery(label: "Next note"))
    XCTAssertEqual(app.store.state.path.ids, [5, 6])
    XCTAssertEqual(app.driver.tree().frontmost.nodes.first?.label, "Next")
  }

  func testTheReducersPushesAndTheLinksShareTheGenerator() throws {
    let app = Harness(ids: StackElementIDGenerator(startingAt: 2))
    try app.driver.type("Groceries", into: "Draft")
    XCTAssertEqual(app.store.state.draft, "Groceries")
    try app.driver.tap(ControlQuery(label: "Add"))
    XCTAssertEqual(app.store.state.path.ids, [2])
    XCTAssertEqual(app.store.state.path.last?.text, "Groceries")
    try app.driver.tap(ControlQuery(label: "Next note"))
    XCTAssertEqual(app.store.state.path.ids, [2, 3])
  }

  func testAnElementsActionsReachItsElementInTheStore() throws {
    let app = Harness(ids: StackElementIDGenerator())
    try app.driver.tap(ControlQuery(label: "New note"))
    try app.driver.tap(ControlQuery(label: "Next note"))
    try app.driver.tap(ControlQuery(label: "Edit"))
    try app.driver.tap(ControlQuery(label: "Edit"))
    XCTAssertEqual(app.store.state.path.map(\.edits), [0, 2])
    XCTAssertEqual(app.driver.tree().frontmost.nodes.map(\.label)[1], "2 edits")
  }

  func testBackPopsTheTopElementThroughTheStore() throws {
    let app = Harness(ids: StackElementIDGenerator())
    try app.driver.tap(ControlQuery(label: "New note"))
    try app.driver.tap(ControlQuery(label: "Next note"))
    XCTAssertEqual(app.store.state.path.ids, [0, 1])
    try app.driver.back()
    XCTAssertEqual(app.store.state.path.ids, [0])
    try app.driver.back()
    XCTAssertEqual(app.store.state.path.ids, [])
    XCTAssertThrowsError(try app.driver.back())
  }

  func testPerformSendsEachActionInOrder() {
    var received: [Notebook.Action] = []
    let driver = ScreenDriver<Notebook.State, Notebook.Action>(
      state: { Notebook.State() }, send: { received.append($0) },
      nextStackElementID: { StackElementID(generation: 9) },
      view: { NotebookView(store: $0)._render() })
    driver.perform(
      .send([
        RootAction(Notebook.Action.setDraft("A")), RootAction(Notebook.Action.addButtonTapped),
      ]))
    driver.perform(.push { [RootAction(Notebook.Action.path(.popFrom(id: $0)))] })
    XCTAssertEqual(received, [.setDraft("A"), .addButtonTapped, .path(.popFrom(id: 9))])
  }

  func testAFailedTapSendsNothing() {
    var received: [Notebook.Action] = []
    let driver = ScreenDriver<Notebook.State, Notebook.Action>(
      state: { Notebook.State() }, send: { received.append($0) },
      nextStackElementID: { StackElementID(generation: 0) },
      view: { NotebookView(store: $0)._render() })
    XCTAssertThrowsError(try driver.tap(ControlQuery(label: "Delete")))
    XCTAssertThrowsError(try driver.type("x", into: "Title"))
    XCTAssertEqual(received, [])
  }
}
