// The navigation tree as indented text, as `navctl screen` prints it.

import Composable
import XCTest

@testable import HeadlessUICore

private struct Profile: Reducer {
  struct State {
    var path = StackState<Page>()
    @PresentationState var editor: Int?
  }
  enum Action {
    case editor(PresentationAction<Never>)
    case path(StackAction<Page, Never>)
  }
  struct Page: Equatable { var title: String }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

private func binding<Value>(_ value: Value) -> Binding<Value> {
  Binding(get: { value }, set: { _ in })
}

/// Eighty characters.
private let eighty = String(repeating: "0123456789", count: 8)

private struct ProfileView: View {
  let store: StoreOf<Profile>

  var body: ViewContent {
    Form {
      Section("About") {
        Text("First line\nSecond line")
        Text(eighty)
        Text(eighty + "!")
      }
      TextField("Name", text: binding("Blob"))
      Toggle("Public", isOn: binding(false))
      Picker("Theme", selection: binding(1)) {
        Text("Light").tag(0)
        Text("Dark").tag(1)
      }
      Button("Save") {}.disabled(true)
      Button("Delete", role: .destructive) {}
      Button {
      } label: {
        Text("Loading")
        ProgressView()
      }
      Menu("More") {
        Image(systemName: "star")
      }
    }
    .navigationTitle("Profile")
    .sheet(store: store.scope(state: \.$editor, action: { .editor($0) })) { _ in
      Text("Editing").navigationTitle("Edit")
    }
  }
}

private struct PagesView: View {
  let store: StoreOf<Profile>

  var body: ViewContent {
    NavigationStackStore(store.scope(state: \.path, action: { .path($0) })) {
      Text("Pages").navigationTitle("Root")
    } destination: { page in
      List { Text(page.title) }.navigationTitle(page.title)
    }
    .safeAreaInset { Button("Pop to root") {} }
  }
}

final class OutlineTests: XCTestCase {
  func testTheOutlineOfAScreenAndItsSheet() {
    let tree = NavigationTree(
      rendering: ProfileView(store: .rendering(Profile.State(editor: 1))))
    XCTAssertEqual(
      tree.outline,
      """
      root "Profile"
        Form
          Section "About"
            Text "First line⏎Second line"
            Text "\(eighty)"
            Text "\(eighty.prefix(79))…"
          TextField "Name" = "Blob"
          Toggle "Public" = "off"
          Picker "Theme" = "Dark"
            Option "Light"
            Option "Dark" (selected)
          Button "Save" (disabled)
          Button "Delete" (destructive)
          Button "Loading"
            ProgressView
          Menu "More"
            Image "star"
        sheet "Edit" ◀ frontmost
          Text "Editing"
      """)
  }

  /// `navctl screen --frontmost`: the screen in front alone, without what is behind it.
  func testTheFrontmostScreenAlone() {
    let sheet = NavigationTree(
      rendering: ProfileView(store: .rendering(Profile.State(editor: 1))))
    XCTAssertEqual(sheet.frontmostOutline, "sheet \"Edit\"\n  Text \"Editing\"")
    var path = StackState<Profile.Page>()
    path[id: 4] = Profile.Page(title: "Chapter 1")
    let stack = NavigationTree(
      rendering: PagesView(store: .rendering(Profile.State(path: path))))
    XCTAssertEqual(
      stack.frontmostOutline,
      """
      #4 "Chapter 1"
        List
          Text "Chapter 1"
      """)
  }

  func testTheFrontmostMarkIsOnTheRootWhenNothingIsPresented() {
    let tree = NavigationTree(
      rendering: ProfileView(store: .rendering(Profile.State())))
    XCTAssertTrue(tree.outline.hasPrefix("root \"Profile\" ◀ frontmost\n  Form\n"), tree.outline)
    XCTAssertFalse(tree.outline.contains("sheet"), tree.outline)
  }

  func testTheOutlineOfAStack() {
    var path = StackState<Profile.Page>()
    path[id: 0] = Profile.Page(title: "Intro")
    path[id: 4] = Profile.Page(title: "Chapter 1")
    let tree = NavigationTree(
      rendering: PagesView(store: .rendering(Profile.State(path: path))))
    XCTAssertEqual(
      tree.outline,
      """
      root "Root"
        stack root "Root"
          Text "Pages"
        #0 "Intro"
          List
            Text "Intro"
        #4 "Chapter 1" ◀ frontmost
          List
            Text "Chapter 1"
        overlay
          Button "Pop to root"
      """)
  }

  func testAnAlertsOutline() {
    struct Alerting { @PresentationState var alert: AlertState<Never>? }
    let alert = AlertState<Never>(title: TextState("Saved"), message: TextState("All done."))
    let store = Store<Alerting, PresentationAction<Never>>.rendering(Alerting(alert: alert))
    let tree = NavigationTree(
      rendering: Text("Home").alert(store: store.scope(state: \.$alert, action: { $0 })))
    XCTAssertEqual(
      tree.outline,
      """
      root
        Text "Home"
        alert "Saved" ◀ frontmost
          Text "All done."
          Button "OK" (cancel)
      """)
  }

  func testKindsAreNamedAsSwiftUINamesTheViews() {
    XCTAssertEqual(
      ScreenNode.Kind.allCases.map(\.displayName),
      [
        "Form", "Section", "List", "Menu", "Toolbar", "Text", "Image", "ProgressView", "Button",
        "NavigationLink", "TextField", "Picker", "Option", "Toggle", "SecureField", "Stepper",
        "Slider", "Tab", "DisclosureGroup", "Row",
      ])
  }

  func testCarriageReturnNewlinesAreShownAsNewlines() {
    // Text from a network response often ends its lines with "\r\n": the outline stays one
    // line per node.
    let tree = NavigationTree(rendering: Text("First line\r\nSecond line"))
    XCTAssertEqual(tree.outline, "root ◀ frontmost\n  Text \"First line⏎Second line\"")
  }

  func testAFieldsMultilineValueStaysOnOneLine() {
    let tree = NavigationTree(
      rendering: TextField("Address", text: binding("1 Main St\nSpringfield")))
    XCTAssertEqual(
      tree.outline, "root ◀ frontmost\n  TextField \"Address\" = \"1 Main St⏎Springfield\"")
  }
}
