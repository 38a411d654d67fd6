// Bindings into a store as TCA 1.7 makes them: `$store.x.sending(\.setX)`, `$store.x` through
// `BindableAction`, and `$store.scope` for presentations, typed into and dismissed on screen.

import ComposableArchitecture
import XCTest

@testable import HeadlessUICore

@Reducer
private struct Settings {
  @ObservableState
  struct State: Equatable {
    var nickname = "Blob"
    var isPublic = false
    var theme = Theme.light
    @Presents var editor: Editor.State?
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case editor(PresentationAction<Editor.Action>)
    case editTapped
    case setNickname(String)
  }
  enum Theme: String, Hashable, Sendable { case light, dark }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .editTapped:
        state.editor = Editor.State(text: state.nickname)
        return .none
      case .setNickname(let nickname):
        state.nickname = nickname
        return .none
      case .binding, .editor:
        return .none
      }
    }
    .ifLet(\.$editor, action: \.editor) { Editor() }
  }
}

@Reducer
private struct Editor {
  @ObservableState
  struct State: Equatable { var text = "" }
  enum Action { case setText(String) }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      guard case .setText(let text) = action else { return .none }
      state.text = text
      return .none
    }
  }
}

private struct SettingsView: View {
  @Bindable var store: StoreOf<Settings>

  var body: some View {
    Form {
      TextField("Nickname", text: $store.nickname.sending(\.setNickname))
      Toggle("Public", isOn: $store.isPublic)
      Picker("Theme", selection: $store.theme) {
        Text("Light").tag(Settings.Theme.light)
        Text("Dark").tag(Settings.Theme.dark)
      }
      Button("Edit") { store.send(.editTapped) }
    }
    .sheet(item: $store.scope(state: \.editor, action: \.editor)) { editorStore in
      EditorView(store: editorStore)
    }
  }
}

private struct EditorView: View {
  @Bindable var store: StoreOf<Editor>

  var body: some View {
    TextField("Text", text: $store.text.sending(\.setText))
  }
}

/// A live store driven through `SettingsView`.
private func settingsDriver(_ store: StoreOf<Settings>) -> ScreenDriver<
  Settings.State, Settings.Action
> {
  ScreenDriver(
    state: { store.state }, send: { store.send($0) },
    nextStackElementID: { StackElementID(generation: 0) },
    view: { store in MainActorRendering.assumeIsolated { SettingsView(store: store) }._render() })
}

final class StoreBindingsTests: XCTestCase {
  func testTypingIntoAFieldBoundWithSendingSendsTheAction() throws {
    let store = Store(initialState: Settings.State()) { Settings() }
    let driver = settingsDriver(store)
    XCTAssertEqual(driver.tree().frontmost.nodes.first?.children.first?.value, "Blob")
    try driver.type("Blob Jr.", into: "Nickname")
    XCTAssertEqual(store.state.nickname, "Blob Jr.")
    XCTAssertEqual(driver.tree().frontmost.nodes.first?.children.first?.value, "Blob Jr.")
  }

  func testAToggleAndAPickerBoundThroughBindableActionSendBindingActions() throws {
    let store = Store(initialState: Settings.State()) { Settings() }
    let driver = settingsDriver(store)
    try driver.tap(ControlQuery(label: "Public"))
    XCTAssertTrue(store.state.isPublic)
    try driver.tap(ControlQuery(label: "Dark"))
    XCTAssertEqual(store.state.theme, .dark)
    let picker = try XCTUnwrap(
      driver.tree().frontmost.nodes.flatMap(\.flattened).first { $0.kind == .picker })
    XCTAssertEqual(picker.value, "Dark", "the picker shows the tab it selected")
  }

  func testAScopedBindingPresentsTheChildAndGoingBackDismissesIt() throws {
    let store = Store(initialState: Settings.State()) { Settings() }
    let driver = settingsDriver(store)
    XCTAssertEqual(driver.tree().root.presented.count, 0, "nothing is presented yet")
    try driver.tap(ControlQuery(label: "Edit"))
    XCTAssertEqual(driver.tree().frontmost.kind, .sheet)
    try driver.type("Hello", into: "Text")
    XCTAssertEqual(store.state.editor?.text, "Hello", "the child's action reached the child")
    try driver.back()
    XCTAssertNil(store.state.editor, "back set the binding to nil, which sent .dismiss")
    XCTAssertEqual(driver.tree().frontmost.kind, .root)
  }
}
