// Using the frontmost screen: tapping by label, role and index, typing, seeing and going back,
// and the errors that say what is there instead.

import Composable
import XCTest

@testable import HeadlessUICore

private struct Account: Reducer {
  struct State {
    var name = "Blob"
    var notifies = true
    var theme = 0
  }
  enum Action: Equatable {
    case cancel
    case delete
    case publish
    case remove(Int)
    case save
    case setName(String)
    case setNotifies(Bool)
    case setTheme(Int)
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

private struct AccountView: View {
  let store: StoreOf<Account>

  var body: ViewContent {
    Form {
      Section("Profile") {
        TextField(
          "Name",
          text: ViewStore(store, observe: { $0 }).binding(get: \.name, send: { .setName($0) }))
        Toggle(
          "Notify",
          isOn: ViewStore(store, observe: { $0 }).binding(
            get: \.notifies, send: { .setNotifies($0) }))
        Picker(
          "Theme",
          selection: ViewStore(store, observe: { $0 }).binding(
            get: \.theme, send: { .setTheme($0) })
        ) {
          Text("Light").tag(0)
          Text("Dark").tag(1)
        }
      }
      Button("Save") { store.send(.save) }
      Button("Delete", role: .destructive) { store.send(.delete) }
      Button("Delete", role: .cancel) { store.send(.cancel) }
      ForEach(1...2) { row in
        Button {
          store.send(.remove(row))
        } label: {
          Image(systemName: "trash")
        }
      }
      Button("Publish") { store.send(.publish) }.disabled(true)
      Image(systemName: "star")
    }
    .navigationTitle("Account")
  }
}

private func account() -> NavigationTree {
  NavigationTree(rendering: AccountView(store: .rendering(Account.State())))
}

private func sent(_ activation: Activation) -> [Account.Action?] {
  guard case .send(let actions) = activation else { return [nil] }
  return actions.map { $0.value as? Account.Action }
}

/// What the account screen offers, as the errors list it.
private let tappableHere =
  "tappable here: toggle \"Notify\", option \"Light\" (selected), option \"Dark\", button "
  + "\"Save\", button \"Delete\" (destructive), button \"Delete\" (cancel), button \"trash\", "
  + "button \"trash\", button \"Publish\" (disabled)"

final class ScreenUseTests: XCTestCase {
  // MARK: - Tapping

  func testTappableListsTheControlsInReadingOrderEnabledOrNot() {
    XCTAssertEqual(
      account().tappable.map(\.label),
      ["Notify", "Light", "Dark", "Save", "Delete", "Delete", "trash", "trash", "Publish"])
  }

  func testTapByLabel() throws {
    XCTAssertEqual(sent(try account().tap(ControlQuery(label: "Save"))), [.save])
    XCTAssertEqual(sent(try account().tap(ControlQuery(label: "Dark"))), [.setTheme(1)])
  }

  func testTapByRole() throws {
    let tree = account()
    XCTAssertEqual(
      sent(try tree.tap(ControlQuery(label: "Delete", role: "destructive"))), [.delete])
    XCTAssertEqual(sent(try tree.tap(ControlQuery(label: "Delete", role: "cancel"))), [.cancel])
  }

  func testTapByIndexAmongTheMatches() throws {
    let tree = account()
    XCTAssertEqual(sent(try tree.tap(ControlQuery(label: "trash", index: 1))), [.remove(1)])
    XCTAssertEqual(sent(try tree.tap(ControlQuery(label: "trash", index: 2))), [.remove(2)])
    XCTAssertEqual(sent(try tree.tap(ControlQuery(label: "Delete", index: 2))), [.cancel])
    XCTAssertEqual(sent(try tree.tap(ControlQuery(label: "Save", index: 1))), [.save])
  }

  func testAnAbsentControlListsWhatIsTappable() {
    XCTAssertThrowsError(try account().tap(ControlQuery(label: "Export"))) { error in
      XCTAssertEqual(
        error as? ScreenError,
        ScreenError("no control labelled \"Export\" on root Account; " + tappableHere))
    }
  }

  func testAnAbsentRoleIsInTheError() {
    XCTAssertThrowsError(try account().tap(ControlQuery(label: "Save", role: "destructive"))) {
      error in
      XCTAssertEqual(
        "\(error)",
        "no control labelled \"Save\" with role destructive on root Account; " + tappableHere)
    }
  }

  func testLabelsMatchExactly() {
    XCTAssertThrowsError(try account().tap(ControlQuery(label: "save")))
    XCTAssertThrowsError(try account().tap(ControlQuery(label: "Sav")))
  }

  func testAScreenWithNothingTappable() {
    let tree = NavigationTree(rendering: Text("Hello").navigationTitle("Welcome"))
    XCTAssertThrowsError(try tree.tap(ControlQuery(label: "Start"))) { error in
      XCTAssertEqual(
        "\(error)", "no control labelled \"Start\" on root Welcome; tappable here: none")
    }
  }

  func testAnAmbiguousLabel() {
    XCTAssertThrowsError(try account().tap(ControlQuery(label: "trash"))) { error in
      XCTAssertEqual(
        "\(error)",
        "\"trash\" is ambiguous on root Account: it matches 1. button \"trash\", 2. button "
          + "\"trash\"; give an index (or a role) to choose")
    }
    XCTAssertThrowsError(try account().tap(ControlQuery(label: "Delete"))) { error in
      XCTAssertEqual(
        "\(error)",
        "\"Delete\" is ambiguous on root Account: it matches 1. button \"Delete\" (destructive), "
          + "2. button \"Delete\" (cancel); give an index (or a role) to choose")
    }
  }

  func testAnIndexOutOfRange() {
    XCTAssertThrowsError(try account().tap(ControlQuery(label: "trash", index: 3))) { error in
      XCTAssertEqual(
        "\(error)",
        "2 controls labelled \"trash\" on root Account, so there is no number 3; " + tappableHere)
    }
    XCTAssertThrowsError(try account().tap(ControlQuery(label: "Save", index: 0))) { error in
      XCTAssertEqual(
        "\(error)",
        "1 control labelled \"Save\" on root Account, so there is no number 0; " + tappableHere)
    }
  }

  func testADisabledControl() {
    XCTAssertThrowsError(try account().tap(ControlQuery(label: "Publish"))) { error in
      XCTAssertEqual(
        "\(error)", "button \"Publish\" (disabled) is disabled on root Account; " + tappableHere)
    }
  }

  // MARK: - Typing

  func testTypingIntoAField() throws {
    XCTAssertEqual(sent(try account().type("Blob Jr.", into: "Name")), [.setName("Blob Jr.")])
  }

  func testTypingIntoAnAbsentField() {
    XCTAssertThrowsError(try account().type("blob@example.com", into: "Email")) { error in
      XCTAssertEqual(
        "\(error)",
        "no text field labelled \"Email\" on root Account; fields here: text field \"Name\"")
    }
    XCTAssertThrowsError(try account().type("x", into: "Save"), "a button is not a field")
    let empty = NavigationTree(rendering: Text("Hello"))
    XCTAssertThrowsError(try empty.type("x", into: "Name")) { error in
      XCTAssertEqual("\(error)", "no text field labelled \"Name\" on root; fields here: none")
    }
  }

  // MARK: - Seeing

  func testSeeMatchesTextsLabelsTitlesAndFieldValues() throws {
    let tree = account()
    try tree.see("Profile")
    try tree.see("Save")
    try tree.see("Acc")
    try tree.see("Account")
    try tree.see("Blob")
    try tree.see("Dark")
    XCTAssertEqual(
      tree.visibleTexts,
      [
        "Profile", "Name", "Blob", "Notify", "Theme", "Light", "Dark", "Save", "Delete",
        "Delete", "trash", "trash", "Publish", "Account",
      ])
  }

  func testSeeFailsForWhatIsNotShown() {
    let view = VStack {
      Text("Hello")
      TextField("Name", text: Binding(get: { "Blob" }, set: { _ in }))
      Image(systemName: "star")
    }
    .navigationTitle("Greeting")
    let tree = NavigationTree(rendering: view)
    XCTAssertThrowsError(try tree.see("Zed")) { error in
      XCTAssertEqual(
        "\(error)",
        "\"Zed\" is not on root Greeting, the frontmost screen; it shows: \"Hello\", \"Name\", "
          + "\"Blob\", \"Greeting\"")
    }
    XCTAssertThrowsError(try tree.see("star"), "an image alone is not text")
    XCTAssertThrowsError(try NavigationTree(rendering: Spacer()).see("x")) { error in
      XCTAssertEqual("\(error)", "\"x\" is not on root, the frontmost screen; it shows: nothing")
    }
  }

  // MARK: - Going back

  func testBackWithNothingToGoBackFrom() {
    XCTAssertThrowsError(try account().back()) { error in
      XCTAssertEqual(
        "\(error)",
        "nothing to go back from: root Account is the first screen (no stack element above its "
          + "stack's root, nothing presented)")
    }
  }
}
