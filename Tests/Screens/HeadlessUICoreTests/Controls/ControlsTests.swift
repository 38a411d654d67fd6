// Texts, images, buttons, text fields, toggles and pickers: the nodes they make and what using
// them sends.

import Composable
import XCTest

@testable import HeadlessUICore

private struct Settings: Reducer {
  struct State {
    var name = "Blob"
    var notifies = true
    var theme = Theme.dark
  }
  enum Action: Equatable {
    case delete
    case save
    case setName(String)
    case setNotifies(Bool)
    case setTheme(Theme)
  }
  enum Theme: Hashable { case light, dark, system }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// A form with one control of each kind.
private struct SettingsView: View {
  let store: StoreOf<Settings>

  var body: ViewContent {
    Form {
      TextField(
        "Name", text: ViewStore(store, observe: { $0 }).binding(get: \.name, send: { .setName($0) })
      )
      Toggle(
        "Notifications",
        isOn: ViewStore(store, observe: { $0 }).binding(get: \.notifies, send: { .setNotifies($0) })
      )
      Picker(
        "Theme",
        selection: ViewStore(store, observe: { $0 }).binding(get: \.theme, send: { .setTheme($0) })
      ) {
        Text("Light").tag(Settings.Theme.light)
        Text("Dark").tag(Settings.Theme.dark)
        Text("Untagged")
        Text("System").tag(Settings.Theme.system)
      }
      .pickerStyle(.segmented)
      Section {
        Button("Save") { store.send(.save) }
      }
    }
  }
}

private func settings(_ state: Settings.State = Settings.State()) -> NavigationTree {
  NavigationTree(rendering: SettingsView(store: .rendering(state)))
}

private func node(
  _ kind: ScreenNode.Kind, in tree: NavigationTree, file: StaticString = #filePath,
  line: UInt = #line
) throws -> ScreenNode {
  try XCTUnwrap(
    tree.visibleNodes.flatMap(\.flattened).first { $0.kind == kind }, "no \(kind)", file: file,
    line: line)
}

/// The actions an activation sends, as `Settings.Action`s.
private func sent(_ activation: Activation) -> [Settings.Action?] {
  guard case .send(let actions) = activation else { return [nil] }
  return actions.map { $0.value as? Settings.Action }
}

final class ControlsTests: XCTestCase {
  // MARK: - Texts and images

  func testTextsImagesProgressAndSpacers() {
    let content = VStack {
      Text("Hello")
      Text(verbatim: "Hello, verbatim")
      Text(LocalizedStringKey("  indented  "))
      Image(systemName: "star.fill")
      ProgressView()
      Spacer()
    }
    XCTAssertEqual(content.body.nodes.map(\.kind), [.text, .text, .text, .image, .progress])
    XCTAssertEqual(
      content.body.nodes.map(\.label),
      ["Hello", "Hello, verbatim", "  indented  ", "star.fill", ""])
    XCTAssertFalse(content.body.nodes.contains(where: \.isTappable))
  }

  // MARK: - Buttons

  func testAButtonIsCalledByItsTitle() {
    let button = Button("Save") {}.body.nodes
    XCTAssertEqual(button.count, 1)
    XCTAssertEqual(button.first?.kind, .button)
    XCTAssertEqual(button.first?.label, "Save")
    XCTAssertNil(button.first?.role)
    XCTAssertEqual(button.first?.children.count, 0)
    XCTAssertEqual(button.first?.isTappable, true)
    XCTAssertEqual(button.first?.isEnabled, true)
  }

  func testAButtonMadeOfAnImageIsCalledByTheSymbolName() {
    let button = Button {
    } label: {
      Image(systemName: "plus")
    }
    XCTAssertEqual(button.body.nodes.map(\.label), ["plus"])
    XCTAssertEqual(button.body.nodes.first?.children.count, 0, "the image is not kept inside")
  }

  func testAButtonLabelledByTextsAndAProgressViewKeepsTheProgress() {
    let button = Button {
    } label: {
      HStack {
        Text("Get")
        Text("fact")
        ProgressView()
      }
    }
    let node = button.body.nodes.first
    XCTAssertEqual(node?.label, "Get fact")
    XCTAssertEqual(node?.children.map(\.kind), [.progress])
  }

  func testAButtonLabelJoinsImagesAndTextsInOrderSkippingEmptyTexts() {
    let button = Button {
    } label: {
      Image(systemName: "trash")
      Text("")
      Text("Delete")
    }
    XCTAssertEqual(button.body.nodes.first?.label, "trash Delete")
  }

  func testButtonRoles() {
    XCTAssertEqual(Button("Delete", role: .destructive) {}.body.nodes.first?.role, "destructive")
    XCTAssertEqual(Button("Cancel", role: .cancel) {}.body.nodes.first?.role, "cancel")
    let labelled = Button(role: .destructive) {
    } label: {
      Image(systemName: "trash")
    }
    XCTAssertEqual(labelled.body.nodes.first?.role, "destructive")
    XCTAssertNil(Button("OK") {}.body.nodes.first?.role)
  }

  func testTappingAButtonSendsWhatItsClosureSends() throws {
    let activation = try settings().tap(ControlQuery(label: "Save"))
    XCTAssertEqual(sent(activation), [.save])
  }

  // MARK: - Disabled

  func testDisabledDisablesEveryControlInside() throws {
    let store = StoreOf<Settings>.rendering(Settings.State())
    let content = SettingsView(store: store)
      .toolbar { Button("Delete", role: .destructive) { store.send(.delete) } }
      .disabled(true)
    let controls = content.nodes.flatMap(\.flattened) + content.toolbar
    let kinds = controls.filter { $0.kind != .form && $0.kind != .section && $0.kind != .text }
      .map(\.kind)
    XCTAssertEqual(
      kinds, [.textField, .toggle, .picker, .option, .option, .option, .button, .button])
    XCTAssertEqual(controls.filter(\.isEnabled).map(\.kind), [], "\(controls.map(\.label))")

    let tree = NavigationTree(rendering: content)
    XCTAssertThrowsError(try tree.tap(ControlQuery(label: "Save"))) { error in
      XCTAssertTrue("\(error)".hasPrefix("button \"Save\" (disabled) is disabled"), "\(error)")
    }
    XCTAssertThrowsError(try tree.type("Blob Jr.", into: "Name")) { error in
      XCTAssertTrue("\(error)".hasPrefix("text field \"Name\" (disabled) is disabled"), "\(error)")
    }
  }

  func testDisabledFalseChangesNothing() {
    let content = SettingsView(store: .rendering(Settings.State())).disabled(false)
    let disabled = content.nodes.flatMap(\.flattened).filter { !$0.isEnabled }
    XCTAssertEqual(disabled.map(\.label), [])
  }

  func testDisablingOneButtonLeavesItsSiblingsEnabled() {
    let content = VStack {
      Button("Save") {}.disabled(true)
      Button("Cancel") {}
    }
    XCTAssertEqual(content.body.nodes.map(\.isEnabled), [false, true])
  }

  // MARK: - Text fields

  func testATextFieldShowsItsBindingsValue() throws {
    let field = try node(.textField, in: settings())
    XCTAssertEqual(field.label, "Name")
    XCTAssertEqual(field.value, "Blob")
    XCTAssertTrue(field.isTypable)
    XCTAssertFalse(field.isTappable)
  }

  func testTypingIntoATextFieldSendsTheBindingsAction() throws {
    let activation = try settings().type("Blob Jr.", into: "Name")
    XCTAssertEqual(sent(activation), [.setName("Blob Jr.")])
  }

  // MARK: - Toggles

  func testAToggleIsOnOrOff() throws {
    XCTAssertEqual(try node(.toggle, in: settings()).value, "on")
    XCTAssertEqual(try node(.toggle, in: settings(Settings.State(notifies: false))).value, "off")
    XCTAssertEqual(try node(.toggle, in: settings()).label, "Notifications")
  }

  func testTappingAToggleFlipsIt() throws {
    XCTAssertEqual(
      sent(try settings().tap(ControlQuery(label: "Notifications"))), [.setNotifies(false)])
    XCTAssertEqual(
      sent(try settings(Settings.State(notifies: false)).tap(ControlQuery(label: "Notifications"))),
      [.setNotifies(true)])
  }

  // MARK: - Pickers

  func testAPickersOptionsAreItsTaggedChildren() throws {
    let picker = try node(.picker, in: settings())
    XCTAssertEqual(picker.label, "Theme")
    XCTAssertEqual(picker.children.map(\.kind), [.option, .option, .option])
    XCTAssertEqual(picker.children.map(\.label), ["Light", "Dark", "System"])
    XCTAssertEqual(picker.children.map(\.isSelected), [false, true, false])
    XCTAssertEqual(picker.value, "Dark")
    XCTAssertFalse(picker.isTappable)
  }

  func testThePickersValueFollowsTheSelection() throws {
    let picker = try node(.picker, in: settings(Settings.State(theme: .system)))
    XCTAssertEqual(picker.value, "System")
    XCTAssertEqual(picker.children.filter(\.isSelected).map(\.label), ["System"])
  }

  func testTappingAnOptionSendsItsTag() throws {
    XCTAssertEqual(sent(try settings().tap(ControlQuery(label: "Light"))), [.setTheme(.light)])
    XCTAssertEqual(sent(try settings().tap(ControlQuery(label: "Dark"))), [.setTheme(.dark)])
    XCTAssertThrowsError(try settings().tap(ControlQuery(label: "Untagged")))
  }

  func testOptionsTaggedWithAnotherTypeAreIgnored() {
    let picker = Picker("Theme", selection: Binding(get: { Settings.Theme.dark }, set: { _ in })) {
      Text("Dark").tag(Settings.Theme.dark)
      Text("Named").tag("dark")
      Text("Numbered").tag(1)
    }
    XCTAssertEqual(picker.body.nodes.first?.children.map(\.label), ["Dark"])
  }

  func testAPickerWithNoOptionSelectedHasNoValue() {
    let picker = Picker("Theme", selection: Binding(get: { Settings.Theme.system }, set: { _ in }))
    {
      Text("Light").tag(Settings.Theme.light)
      Text("Dark").tag(Settings.Theme.dark)
    }
    let node = picker.body.nodes.first
    XCTAssertNil(node?.value)
    XCTAssertEqual(node?.children.map(\.isSelected), [false, false])
  }

  func testAPickerOptionsForEachAndDisabledOption() {
    let themes: [(String, Settings.Theme)] = [("Light", .light), ("Dark", .dark)]
    let picker = Picker("Theme", selection: Binding(get: { Settings.Theme.light }, set: { _ in })) {
      ForEach(themes) { theme in
        Text(theme.0).tag(theme.1).disabled(theme.1 == .dark)
      }
    }
    XCTAssertEqual(picker.body.nodes.first?.children.map(\.label), ["Light", "Dark"])
    XCTAssertEqual(picker.body.nodes.first?.children.map(\.isEnabled), [true, false])
  }

  func testAViewTaggedAsAWholeIsOneOption() {
    // As in SwiftUI, `.tag` on a row of an image and a text tags the row: one option, called by
    // its texts and image names as a button made of them is.
    let picker = Picker("Theme", selection: Binding(get: { Settings.Theme.dark }, set: { _ in })) {
      HStack {
        Image(systemName: "moon")
        Text("Dark")
      }
      .tag(Settings.Theme.dark)
      Text("Light").tag(Settings.Theme.light)
    }
    let node = picker.body.nodes.first
    XCTAssertEqual(node?.children.map(\.label), ["moon Dark", "Light"])
    XCTAssertEqual(node?.children.map(\.isSelected), [true, false])
    XCTAssertEqual(node?.value, "moon Dark")
  }
}
