// Sheets, popovers, covers, drill-downs, alerts and dialogs: presented while the store's
// `PresentationState` is in their case, and what using them sends.

import Composable
import XCTest

@testable import HeadlessUICore

private struct Editor: Reducer {
  struct State: Equatable { var name = "Blob" }
  enum Action: Equatable {
    case save
    case setName(String)
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

private struct Library: Reducer {
  struct State {
    @PresentationState var destination: Destination.State?
    @PresentationState var alert: AlertState<AlertAction>?
  }
  enum Action: Equatable {
    case destination(PresentationAction<Destination.Action>)
    case alert(PresentationAction<AlertAction>)
  }
  enum AlertAction: Equatable {
    case confirmDeletion
    case archive
  }
  enum Destination {
    enum State {
      case editor(Editor.State)
      case info(String)
      case alert(AlertState<AlertAction>)
      case dialog(ConfirmationDialogState<AlertAction>)
    }
    enum Action: Equatable {
      case editor(Editor.Action)
      case info(Never)
      case alert(AlertAction)
      case dialog(AlertAction)
    }
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// How `LibraryView` presents the editor.
private enum Style: CaseIterable {
  case sheet, popover, fullScreenCover, navigationDestination

  var kind: Screen.Kind {
    switch self {
    case .sheet: .sheet
    case .popover: .popover
    case .fullScreenCover: .fullScreenCover
    case .navigationDestination: .drillDown
    }
  }
}

private struct EditorView: View {
  let store: StoreOf<Editor>

  var body: ViewContent {
    Form {
      TextField(
        "Name", text: ViewStore(store, observe: { $0 }).binding(get: \.name, send: { .setName($0) })
      )
      Button("Save") { store.send(.save) }
    }
    .navigationTitle("Edit")
  }
}

private struct LibraryView: View {
  let store: StoreOf<Library>
  let style: Style

  var body: ViewContent {
    let destination = store.scope(state: \.$destination, action: { .destination($0) })
    let library = Text("Library").navigationTitle("Library")
    switch style {
    case .sheet:
      library.sheet(
        store: destination, state: /Library.Destination.State.editor,
        action: Library.Destination.Action.editor
      ) { EditorView(store: $0) }
    case .popover:
      library.popover(
        store: destination, state: /Library.Destination.State.editor,
        action: Library.Destination.Action.editor
      ) { EditorView(store: $0) }
    case .fullScreenCover:
      library.fullScreenCover(
        store: destination, state: /Library.Destination.State.editor,
        action: Library.Destination.Action.editor
      ) { EditorView(store: $0) }
    case .navigationDestination:
      library.navigationDestination(
        store: destination, state: /Library.Destination.State.editor,
        action: Library.Destination.Action.editor
      ) { EditorView(store: $0) }
    }
  }
}

/// The library with its alert and dialog destinations and its own alert.
private struct AlertsView: View {
  let store: StoreOf<Library>

  var body: ViewContent {
    Text("Library")
      .alert(
        store: store.scope(state: \.$destination, action: { .destination($0) }),
        state: /Library.Destination.State.alert, action: Library.Destination.Action.alert
      )
      .confirmationDialog(
        store: store.scope(state: \.$destination, action: { .destination($0) }),
        state: /Library.Destination.State.dialog, action: Library.Destination.Action.dialog
      )
      .alert(store: store.scope(state: \.$alert, action: { .alert($0) }))
  }
}

private func tree(_ destination: Library.Destination.State?, _ style: Style) -> NavigationTree {
  NavigationTree(
    rendering: LibraryView(
      store: .rendering(Library.State(destination: destination)), style: style))
}

private func alerts(_ state: Library.State) -> NavigationTree {
  NavigationTree(rendering: AlertsView(store: .rendering(state)))
}

/// The actions an activation sends, as `Library.Action`s.
private func sent(_ activation: Activation) -> [Library.Action?] {
  guard case .send(let actions) = activation else { return [nil] }
  return actions.map { $0.value as? Library.Action }
}

private let deletion = AlertState<Library.AlertAction> {
  TextState("Delete?")
} actions: {
  ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
  ButtonState(role: .cancel) { TextState("Cancel") }
} message: {
  TextState("This cannot be undone.")
}

final class PresentationTests: XCTestCase {
  // MARK: - Sheets, popovers, covers, drill-downs

  func testNothingIsPresentedWhileTheStateIsNil() {
    for style in Style.allCases {
      let tree = tree(nil, style)
      XCTAssertEqual(tree.root.presented.count, 0, "\(style)")
      XCTAssertEqual(tree.frontmost.kind, .root, "\(style)")
    }
  }

  func testNothingIsPresentedWhileTheStateIsInAnotherCase() {
    for style in Style.allCases {
      let tree = tree(.info("About"), style)
      XCTAssertEqual(tree.root.presented.count, 0, "\(style)")
      XCTAssertEqual(tree.frontmost.title, "Library", "\(style)")
    }
  }

  func testThePresentedScreenHasTheModifiersKind() throws {
    for style in Style.allCases {
      let tree = tree(.editor(Editor.State(name: "Blob Jr.")), style)
      XCTAssertEqual(tree.root.presented.map(\.kind), [style.kind], "\(style)")
      XCTAssertEqual(tree.frontmost.kind, style.kind, "\(style)")
      XCTAssertEqual(tree.frontmost.title, "Edit", "\(style)")
      XCTAssertEqual(tree.frontmost.name, "\(style.kind.rawValue) Edit", "\(style)")
      XCTAssertEqual(tree.trail.map(\.kind), [.root, style.kind], "\(style)")
      XCTAssertFalse(tree.root.isFrontmost, "\(style)")
      XCTAssertEqual(
        tree.visibleNodes.flatMap(\.flattened).first { $0.kind == .textField }?.value, "Blob Jr.")
    }
  }

  func testThePresentedScreensActionsArePresentedActions() throws {
    for style in Style.allCases {
      let tree = tree(.editor(Editor.State()), style)
      XCTAssertEqual(
        sent(try tree.tap(ControlQuery(label: "Save"))),
        [.destination(.presented(.editor(.save)))], "\(style)")
      XCTAssertEqual(
        sent(try tree.type("Blob Sr.", into: "Name")),
        [.destination(.presented(.editor(.setName("Blob Sr."))))], "\(style)")
    }
  }

  func testBackDismissesThePresentedScreen() throws {
    for style in Style.allCases where style != .fullScreenCover {
      let back = try tree(.editor(Editor.State()), style).back()
      XCTAssertEqual(back.value as? Library.Action, .destination(.dismiss), "\(style)")
    }
  }

  func testAFullScreenCoverHasNoSystemBack() {
    XCTAssertThrowsError(try tree(.editor(Editor.State()), .fullScreenCover).back()) { error in
      XCTAssertEqual(
        "\(error)",
        "no system back from full-screen cover Edit: a full-screen cover is left through its own "
          + "controls; tappable here: button \"Save\"")
    }
  }

  func testTheControlsUnderAPresentationCannotBeUsed() {
    let content = Button("Behind") {}
      .sheet(
        store: Store<PresentationState<Editor.State>, PresentationAction<Editor.Action>>.rendering(
          PresentationState(wrappedValue: Editor.State()))
      ) { EditorView(store: $0) }
    let tree = NavigationTree(rendering: content)
    XCTAssertThrowsError(try tree.tap(ControlQuery(label: "Behind"))) { error in
      XCTAssertTrue(
        "\(error)".hasPrefix("no control labelled \"Behind\" on sheet Edit;"), "\(error)")
    }
  }

  func testTheOverloadsWithoutACasePathPresentWhileTheStateIsNotNil() throws {
    typealias EditorStore = Store<
      PresentationState<Editor.State>, PresentationAction<Editor.Action>
    >
    let presented = EditorStore.rendering(PresentationState(wrappedValue: Editor.State()))
    let dismissed = EditorStore.rendering(PresentationState(wrappedValue: nil))
    func kinds(_ store: EditorStore) -> [[Screen.Kind]] {
      [
        Text("A").sheet(store: store) { EditorView(store: $0) },
        Text("A").popover(store: store) { EditorView(store: $0) },
        Text("A").navigationDestination(store: store) { EditorView(store: $0) },
      ].map { NavigationTree(rendering: $0).root.presented.map(\.kind) }
    }
    XCTAssertEqual(kinds(presented), [[.sheet], [.popover], [.drillDown]])
    XCTAssertEqual(kinds(dismissed), [[], [], []])

    let tree = NavigationTree(
      rendering: Text("A").sheet(store: presented) { EditorView(store: $0) })
    let action = try tree.tap(ControlQuery(label: "Save"))
    guard case .send(let actions) = action else { return XCTFail("sends") }
    XCTAssertEqual(
      actions.map { $0.value as? PresentationAction<Editor.Action> }, [.presented(.save)])
  }

  // MARK: - Alerts

  func testAnAlertShowsItsTitleMessageAndButtons() {
    let tree = alerts(Library.State(destination: .alert(deletion)))
    XCTAssertEqual(tree.frontmost.kind, .alert)
    XCTAssertEqual(tree.frontmost.title, "Delete?")
    XCTAssertEqual(tree.frontmost.name, "alert \"Delete?\"")
    XCTAssertEqual(tree.frontmost.nodes.map(\.kind), [.text, .button, .button])
    XCTAssertEqual(
      tree.frontmost.nodes.map(\.label), ["This cannot be undone.", "Delete", "Cancel"])
    XCTAssertEqual(tree.frontmost.nodes.map(\.role), [nil, "destructive", "cancel"])
  }

  func testAnAlertIsPresentedOnlyInItsCase() {
    XCTAssertEqual(alerts(Library.State(destination: .info("x"))).root.presented.count, 0)
    XCTAssertEqual(alerts(Library.State()).root.presented.count, 0)
  }

  func testAnAlertButtonWithAnActionSendsItAsPresented() throws {
    let tree = alerts(Library.State(destination: .alert(deletion)))
    XCTAssertEqual(
      sent(try tree.tap(ControlQuery(label: "Delete"))),
      [.destination(.presented(.alert(.confirmDeletion)))])
  }

  func testAnAlertButtonWithoutAnActionDismisses() throws {
    let tree = alerts(Library.State(destination: .alert(deletion)))
    XCTAssertEqual(sent(try tree.tap(ControlQuery(label: "Cancel"))), [.destination(.dismiss)])
    XCTAssertEqual(try tree.back().value as? Library.Action, .destination(.dismiss))
  }

  func testAnAlertWithoutButtonsGetsAnOKThatDismisses() throws {
    let tree = alerts(Library.State(destination: .alert(AlertState { TextState("Saved") })))
    XCTAssertEqual(tree.frontmost.nodes.map(\.label), ["OK"], "no message, no text")
    XCTAssertEqual(tree.frontmost.nodes.first?.role, "cancel")
    XCTAssertEqual(sent(try tree.tap(ControlQuery(label: "OK"))), [.destination(.dismiss)])
  }

  func testAnAlertHeldDirectlyInPresentationState() throws {
    let tree = alerts(Library.State(alert: deletion))
    XCTAssertEqual(tree.frontmost.title, "Delete?")
    XCTAssertEqual(
      sent(try tree.tap(ControlQuery(label: "Delete"))), [.alert(.presented(.confirmDeletion))])
    XCTAssertEqual(sent(try tree.tap(ControlQuery(label: "Cancel"))), [.alert(.dismiss)])
  }

  // MARK: - Confirmation dialogs

  func testADialogWithAHiddenTitleHasNone() throws {
    let dialog = ConfirmationDialogState<Library.AlertAction>(titleVisibility: .hidden) {
      TextState("Archive?")
    } actions: {
      ButtonState(action: .archive) { TextState("Archive") }
    }
    let tree = alerts(Library.State(destination: .dialog(dialog)))
    XCTAssertEqual(tree.frontmost.kind, .dialog)
    XCTAssertNil(tree.frontmost.title)
    XCTAssertEqual(tree.frontmost.name, "dialog")
    XCTAssertEqual(tree.frontmost.nodes.map(\.label), ["Archive"])
    XCTAssertEqual(
      sent(try tree.tap(ControlQuery(label: "Archive"))),
      [.destination(.presented(.dialog(.archive)))])
  }

  func testADialogWithAVisibleTitleShowsItAndItsMessage() {
    let dialog = ConfirmationDialogState<Library.AlertAction>(titleVisibility: .visible) {
      TextState("Archive?")
    } actions: {
      ButtonState(action: .archive) { TextState("Archive") }
      ButtonState(role: .cancel) { TextState("Keep") }
    } message: {
      TextState("You can restore it later.")
    }
    let tree = alerts(Library.State(destination: .dialog(dialog)))
    XCTAssertEqual(tree.frontmost.name, "dialog \"Archive?\"")
    XCTAssertEqual(
      tree.frontmost.nodes.map(\.label), ["You can restore it later.", "Archive", "Keep"])
    XCTAssertEqual(tree.frontmost.nodes.map(\.role), [nil, nil, "cancel"])
  }
}
