// `NavigationStackStore`, `NavigationLink(_:state:)` and `CaseLet`: a screen per element, links
// that push, popping, the stack's overlay, and which screen is in front.

import Composable
import XCTest

@testable import HeadlessUICore

private struct Shelf: Reducer {
  struct State: Equatable { var books = ["Dune"] }
  enum Action: Equatable { case refresh }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

private struct Book: Reducer {
  struct State: Equatable {
    var title = "Dune"
    @PresentationState var notes: Notes?
  }
  enum Action: Equatable {
    case notes(PresentationAction<Never>)
    case read
  }
  struct Notes: Equatable {}
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

private struct Reader: Reducer {
  struct State {
    var path = StackState<Path.State>()
    @PresentationState var settings: Int?
  }
  enum Action: Equatable {
    case path(StackAction<Path.State, Path.Action>)
    case popToRoot
    case settings(PresentationAction<Never>)
  }
  struct Path: Reducer {
    enum State: Equatable {
      case shelf(Shelf.State)
      case book(Book.State)
    }
    enum Action: Equatable {
      case shelf(Shelf.Action)
      case book(Book.Action)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

private struct ShelfView: View {
  let store: StoreOf<Shelf>

  var body: ViewContent {
    List {
      ForEach(store.state.books) { title in
        NavigationLink(title, state: Reader.Path.State.book(Book.State(title: title)))
      }
    }
    .navigationTitle("Shelf")
  }
}

private struct BookView: View {
  let store: StoreOf<Book>

  var body: ViewContent {
    Form {
      Text(store.state.title)
      Button("Read") { store.send(.read) }
    }
    .navigationTitle(store.state.title)
    .sheet(store: store.scope(state: \.$notes, action: { .notes($0) })) { _ in
      Text("Notes")
      NavigationLink("Another shelf", state: Reader.Path.State.shelf(Shelf.State()))
    }
  }
}

private struct ReaderView: View {
  let store: StoreOf<Reader>
  /// Whether the destination switches over the element's state, or lists every `CaseLet`.
  var switches = true

  var body: ViewContent {
    NavigationStackStore(store.scope(state: \.path, action: { .path($0) })) {
      Form {
        NavigationLink("Shelf", state: Reader.Path.State.shelf(Shelf.State()))
        NavigationLink("Page number", state: 42)
        NavigationLink("Nowhere", state: Reader.Path.State?.none)
      }
      .navigationTitle("Reader")
    } destination: { state in
      if switches {
        switch state {
        case .shelf:
          CaseLet(/Reader.Path.State.shelf, action: Reader.Path.Action.shelf) {
            ShelfView(store: $0)
          }
        case .book:
          CaseLet(/Reader.Path.State.book, action: Reader.Path.Action.book) {
            BookView(store: $0)
          }
        }
      } else {
        CaseLet(/Reader.Path.State.shelf, action: Reader.Path.Action.shelf) {
          ShelfView(store: $0)
        }
        CaseLet(/Reader.Path.State.book, action: Reader.Path.Action.book) {
          BookView(store: $0)
        }
      }
    }
    .safeAreaInset(edge: .bottom) {
      Text("\(store.state.path.count) on the stack")
      Button("Pop to root") { store.send(.popToRoot) }
    }
    .sheet(store: store.scope(state: \.$settings, action: { .settings($0) })) { _ in
      Text("Settings").navigationTitle("Settings")
    }
  }
}

/// A stack of a shelf (`#3`) and a book (`#7`) over the root.
private func shelfAndBook(
  book: Book.State = Book.State(), shelfBook: Book.State? = nil
) -> StackState<Reader.Path.State> {
  var path = StackState<Reader.Path.State>()
  if let shelfBook {
    path[id: 3] = .book(shelfBook)
  } else {
    path[id: 3] = .shelf(Shelf.State(books: ["Dune", "Emma"]))
  }
  path[id: 7] = .book(book)
  return path
}

private func reader(
  _ path: StackState<Reader.Path.State>, settings: Int? = nil, switches: Bool = true
) -> NavigationTree {
  NavigationTree(
    rendering: ReaderView(
      store: .rendering(Reader.State(path: path, settings: settings)),
      switches: switches))
}

/// What an activation pushes: the root action made with `id`.
private func pushed(
  _ activation: Activation, id: StackElementID, file: StaticString = #filePath,
  line: UInt = #line
) -> Reader.Action? {
  guard case .push(let make) = activation else {
    XCTFail("expected a push", file: file, line: line)
    return nil
  }
  return make(id).value as? Reader.Action
}

private func sent(_ activation: Activation) -> [Reader.Action?] {
  guard case .send(let actions) = activation else { return [nil] }
  return actions.map { $0.value as? Reader.Action }
}

final class NavigationStackStoreTests: XCTestCase {
  func testTheRootThenAScreenPerElementWithItsID() {
    let tree = reader(shelfAndBook())
    XCTAssertEqual(tree.root.stack.map(\.kind), [.stackRoot, .stackElement, .stackElement])
    XCTAssertEqual(tree.root.stack.map(\.id), [nil, 3, 7])
    XCTAssertEqual(tree.root.stack.map(\.title), ["Reader", "Shelf", "Dune"])
    XCTAssertEqual(tree.root.stack.map(\.name), ["stack root Reader", "#3 Shelf", "#7 Dune"])
    XCTAssertEqual(tree.frontmost.name, "#7 Dune")
    XCTAssertEqual(tree.trail.map(\.name), ["root Reader", "#7 Dune"])
    XCTAssertEqual(tree.root.stack.map(\.isFrontmost), [false, false, true])
  }

  func testAnEmptyStackShowsItsRoot() {
    let tree = reader(StackState())
    XCTAssertEqual(tree.root.stack.map(\.kind), [.stackRoot])
    XCTAssertEqual(tree.frontmost.kind, .stackRoot)
    XCTAssertEqual(
      tree.frontmost.nodes.flatMap(\.flattened).map(\.label),
      ["", "Shelf", "Page number", "Nowhere"])
  }

  func testALinkPushesItsStateWithTheIDItIsGiven() throws {
    let tree = reader(StackState())
    let activation = try tree.tap(ControlQuery(label: "Shelf"))
    XCTAssertEqual(
      pushed(activation, id: 12), .path(.push(id: 12, state: .shelf(Shelf.State()))))
    XCTAssertEqual(
      pushed(activation, id: StackElementID(generation: 40)),
      .path(.push(id: 40, state: .shelf(Shelf.State()))))
  }

  func testALinkOnAnElementsScreenPushesOntoTheSameStack() throws {
    var path = StackState<Reader.Path.State>()
    path[id: 3] = .shelf(Shelf.State(books: ["Dune", "Emma"]))
    let activation = try reader(path).tap(ControlQuery(label: "Emma"))
    XCTAssertEqual(
      pushed(activation, id: 4), .path(.push(id: 4, state: .book(Book.State(title: "Emma")))))
  }

  func testALinkToAnotherStateTypeOrToNothingIsDisabled() {
    let tree = reader(StackState())
    let links = tree.frontmost.nodes.flatMap(\.flattened).filter { $0.kind == .link }
    XCTAssertEqual(links.map(\.label), ["Shelf", "Page number", "Nowhere"])
    XCTAssertEqual(links.map(\.isEnabled), [true, false, false])
  }

  func testALinkOutsideAnyStackIsDisabled() {
    let tree = NavigationTree(
      rendering: NavigationLink("Shelf", state: Reader.Path.State.shelf(Shelf.State())))
    XCTAssertEqual(tree.frontmost.nodes.map(\.kind), [.link])
    XCTAssertEqual(tree.frontmost.nodes.map(\.isEnabled), [false])
  }

  func testTappingADisabledLinkSaysItIsDisabled() {
    // `tappable` lists the controls "enabled or not", and a disabled control's error says so,
    // as it does for a disabled button.
    let tree = reader(StackState())
    XCTAssertEqual(
      tree.tappable.map(\.label), ["Shelf", "Page number", "Nowhere", "Pop to root"])
    XCTAssertThrowsError(try tree.tap(ControlQuery(label: "Page number"))) { error in
      XCTAssertEqual(
        "\(error)",
        "link \"Page number\" (disabled) is disabled on stack root Reader; tappable here: link "
          + "\"Shelf\", link \"Page number\" (disabled), link \"Nowhere\" (disabled), button "
          + "\"Pop to root\"")
    }
    let orphan = NavigationTree(
      rendering: NavigationLink("Shelf", state: Reader.Path.State.shelf(Shelf.State())))
    XCTAssertThrowsError(try orphan.tap(ControlQuery(label: "Shelf"))) { error in
      XCTAssertEqual(
        "\(error)",
        "link \"Shelf\" (disabled) is disabled on root; tappable here: link \"Shelf\" (disabled)")
    }
  }

  func testALinkInASheetOverAStackScreenDoesNotPushOntoTheStackBehind() {
    // A sheet is its own navigation context: a stack screen's sheet is not inside the stack, so
    // (as in SwiftUI) a link in it has no stack to push onto.
    let tree = reader(shelfAndBook(book: Book.State(notes: Book.Notes())))
    XCTAssertEqual(tree.frontmost.kind, .sheet)
    let link = tree.visibleNodes.flatMap(\.flattened).first { $0.kind == .link }
    XCTAssertEqual(link?.label, "Another shelf")
    XCTAssertEqual(link?.isEnabled, false, "the link pushes onto the stack behind the sheet")
  }

  func testCaseLetRendersOnlyItsCase() {
    for switches in [true, false] {
      let tree = reader(shelfAndBook(), switches: switches)
      XCTAssertEqual(
        tree.root.stack[1].nodes.flatMap(\.flattened).map(\.kind), [.list, .link, .link],
        "switches: \(switches)")
      XCTAssertEqual(
        tree.root.stack[2].nodes.flatMap(\.flattened).map(\.label), ["", "Dune", "Read"],
        "switches: \(switches)")
    }
  }

  func testAnElementsActionsCarryItsID() throws {
    let tree = reader(shelfAndBook())
    XCTAssertEqual(
      sent(try tree.tap(ControlQuery(label: "Read"))),
      [.path(.element(id: 7, action: .book(.read)))])
  }

  func testBackPopsTheTopElement() throws {
    XCTAssertEqual(
      try reader(shelfAndBook()).back().value as? Reader.Action, .path(.popFrom(id: 7)))
    var path = StackState<Reader.Path.State>()
    path[id: 3] = .shelf(Shelf.State())
    XCTAssertEqual(try reader(path).back().value as? Reader.Action, .path(.popFrom(id: 3)))
  }

  func testBackFromTheStacksRootHasNothingToLeave() {
    XCTAssertThrowsError(try reader(StackState()).back()) { error in
      XCTAssertEqual(
        "\(error)",
        "nothing to go back from: stack root Reader is the first screen (no stack element above "
          + "its stack's root, nothing presented)")
    }
  }

  func testTheOverlayIsOnEveryScreenOfTheStack() throws {
    for path in [StackState(), shelfAndBook()] {
      let tree = reader(path)
      XCTAssertEqual(
        tree.visibleNodes.suffix(2).map(\.label), ["\(path.count) on the stack", "Pop to root"])
      XCTAssertEqual(sent(try tree.tap(ControlQuery(label: "Pop to root"))), [.popToRoot])
      try tree.see("on the stack")
    }
    XCTAssertEqual(
      reader(shelfAndBook()).root.overlay.map(\.label), ["2 on the stack", "Pop to root"])
  }

  func testTheOverlayIsNotOnASheetOverTheStack() {
    for tree in [
      reader(shelfAndBook(), settings: 1),
      reader(shelfAndBook(book: Book.State(notes: Book.Notes()))),
    ] {
      XCTAssertEqual(tree.frontmost.kind, .sheet)
      XCTAssertFalse(tree.visibleNodes.contains { $0.label == "Pop to root" })
      XCTAssertThrowsError(try tree.tap(ControlQuery(label: "Pop to root")))
      XCTAssertThrowsError(try tree.see("on the stack"))
    }
  }

  func testAPresentationOfTheStacksScreenCoversTheStack() throws {
    let tree = reader(shelfAndBook(), settings: 1)
    XCTAssertEqual(tree.frontmost.name, "sheet Settings")
    XCTAssertEqual(tree.trail.map(\.name), ["root Reader", "sheet Settings"])
    XCTAssertEqual(tree.root.stack.map(\.isFrontmost), [false, false, false])
    XCTAssertEqual(try tree.back().value as? Reader.Action, .settings(.dismiss))
  }

  func testAPresentationOfALowerScreenCoversTheTopScreen() throws {
    let tree = reader(shelfAndBook(shelfBook: Book.State(title: "Emma", notes: Book.Notes())))
    XCTAssertEqual(tree.root.stack.map(\.name), ["stack root Reader", "#3 Emma", "#7 Dune"])
    XCTAssertEqual(tree.frontmost.kind, .sheet)
    XCTAssertEqual(tree.trail.map(\.name), ["root Reader", "#3 Emma", "sheet"])
    XCTAssertFalse(tree.root.stack[2].isFrontmost)
    XCTAssertTrue(tree.root.stack[1].presented[0].isFrontmost)
    XCTAssertEqual(
      try tree.back().value as? Reader.Action,
      .path(.element(id: 3, action: .book(.notes(.dismiss)))))
  }
}
