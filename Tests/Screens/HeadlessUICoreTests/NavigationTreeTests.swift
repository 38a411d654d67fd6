// The case studies walked through their headless views: the tree, the frontmost screen, taps,
// typing, going back, and the errors that list what is there.

@testable import CaseStudies
@testable import CaseStudyViews
import Composable
import HeadlessUICore
import XCTest

final class NavigationTreeTests: XCTestCase {
  func testTheRootListsTheCaseStudies() {
    let app = AppHarness()
    XCTAssertEqual(app.frontmost.kind, .root)
    XCTAssertEqual(app.frontmost.title, "Case Studies")
    XCTAssertEqual(
      app.tree.tappable.map(\.label),
      ["Counter", "Multiple destinations", "Navigation stack", "Contacts", "Shared state"])
    XCTAssertThrowsError(try app.back()) { error in
      XCTAssertTrue("\(error)".contains("nothing to go back from"), "\(error)")
    }
  }

  func testStackScreensFloatingMenuAndPopToRoot() throws {
    let app = AppHarness()
    try app.tap("Navigation stack")
    XCTAssertEqual(app.frontmost.kind, .stackRoot)
    XCTAssertEqual(app.frontmost.title, "Root")
    try app.tap("Go to screen A")
    XCTAssertEqual(app.frontmost.name, "#0 Screen A")
    try app.back()
    XCTAssertEqual(app.frontmost.title, "Root", "back pops the top element")

    try app.tap("Go to A → B → C")
    XCTAssertEqual(app.frontmost.name, "#3 Screen C")
    let tree = app.tree
    XCTAssertEqual(
      tree.trail.map(\.name),
      ["root Case Studies", "drill-down Navigation Stack", "#3 Screen C"])
    XCTAssertTrue(tree.visibleTexts.contains("Total count: 0"), "\(tree.visibleTexts)")
    try tree.see("Start timer")
    XCTAssertThrowsError(try tree.see("Decoupled navigation")) { error in
      XCTAssertTrue("\(error)".contains("is not on #3 Screen C"), "\(error)")
    }
    // The menu lists the stack topmost first; the topmost is disabled.
    XCTAssertThrowsError(try app.tap("#3) Screen C")) { error in
      let text = "\(error)"
      XCTAssertTrue(text.hasPrefix("button \"#3) Screen C\" (disabled) is disabled"), text)
      XCTAssertTrue(text.contains("button \"Pop to root\""), text)
    }
    try app.tap("#1) Screen A")
    XCTAssertEqual(app.frontmost.name, "#1 Screen A")
    try app.tap("Go to screen C")
    try app.tap("Pop to root")
    XCTAssertEqual(app.frontmost.kind, .stackRoot)
    try app.back()
    XCTAssertEqual(app.frontmost.kind, .root, "back from the stack's root closes the case study")
  }

  /// The seeds' previews are their views over a store of their own, and render as screens.
  func testTheSeedsPreviewsRender() {
    let stack = NavigationTree(rendering: NavigationStack_Previews.previews)
    XCTAssertEqual(stack.frontmost.name, "#0 Screen A", "the preview's stack holds Screen A")
    let shared = NavigationTree(rendering: SharedState_Previews.previews)
    XCTAssertTrue(shared.visibleTexts.contains("Is this prime?"), "\(shared.visibleTexts)")
  }

  func testAnAbsentControlListsWhatIsTappable() {
    let app = AppHarness()
    XCTAssertThrowsError(try app.tap("Settings")) { error in
      XCTAssertEqual(
        "\(error)",
        "no control labelled \"Settings\" on root Case Studies; tappable here: button "
          + "\"Counter\", button \"Multiple destinations\", button \"Navigation stack\", button "
          + "\"Contacts\", button \"Shared state\"")
    }
  }

  func testContactsAddThenDeleteThroughTheAlert() throws {
    let app = AppHarness()
    try app.tap("Contacts")
    try app.tap("plus")
    XCTAssertEqual(app.frontmost.kind, .sheet)
    try app.type("Blob", into: "Name")
    XCTAssertEqual(
      app.tree.visibleNodes.flatMap(\.flattened).first { $0.kind == .textField }?.value, "Blob")
    try app.tap("Save")
    app.wait("the sheet to close") { state in
      guard case .contacts(let contacts) = state.destination else { return false }
      return contacts.destination == nil && contacts.contacts.count == 1
    }
    XCTAssertEqual(app.frontmost.title, "Contacts")
    try app.tree.see("Blob")

    try app.tap("plus")
    try app.type("Blob Jr.", into: "Name")
    try app.tap("Save")
    app.wait("the second contact") { state in
      guard case .contacts(let contacts) = state.destination else { return false }
      return contacts.destination == nil && contacts.contacts.count == 2
    }
    XCTAssertThrowsError(try app.tap("trash")) { error in
      XCTAssertTrue("\(error)".contains("\"trash\" is ambiguous"), "\(error)")
    }
    try app.tap("trash", index: 1)
    XCTAssertEqual(app.frontmost.kind, .alert)
    XCTAssertEqual(app.frontmost.title, "Are you sure?")
    try app.tap("Delete", role: "destructive")
    app.wait("the deletion") { state in
      guard case .contacts(let contacts) = state.destination else { return false }
      return contacts.destination == nil && contacts.contacts.map(\.name) == ["Blob Jr."]
    }
    XCTAssertEqual(app.frontmost.title, "Contacts")
  }

  func testCancellingTheSheetAddsNothing() throws {
    let app = AppHarness()
    try app.tap("Contacts")
    try app.tap("plus")
    try app.tap("Cancel")
    app.wait("the sheet to close") { state in
      guard case .contacts(let contacts) = state.destination else { return false }
      return contacts.destination == nil
    }
    XCTAssertEqual(app.frontmost.title, "Contacts")
  }

  func testSharedStateTabs() throws {
    let app = AppHarness()
    try app.tap("Shared state")
    for _ in 1...3 { try app.tap("plus") }
    try app.tree.see("3")
    try app.tap("Profile")
    try app.tree.see("Current count: 3")
    XCTAssertEqual(app.frontmost.title, "Profile")
    try app.tap("Reset")
    // The seed's reset also goes back to the counter tab.
    XCTAssertEqual(app.frontmost.title, "Shared State Demo")
    XCTAssertEqual(app.tree.tappable.first { $0.isSelected }?.label, "Counter")
    try app.tap("Profile")
    try app.tree.see("Current count: 0")
  }

  func testMultipleDestinationsPresentEachWay() throws {
    let app = AppHarness()
    try app.tap("Multiple destinations")
    try app.tap("Show sheet")
    XCTAssertEqual(app.frontmost.kind, .sheet)
    try app.tap("plus")
    try app.tree.see("1")
    try app.back()
    XCTAssertEqual(app.frontmost.title, "Multiple destinations")
    try app.tap("Show popover")
    XCTAssertEqual(app.frontmost.kind, .popover)
    try app.back()
    try app.tap("Show drill-down")
    XCTAssertEqual(app.frontmost.kind, .drillDown)
  }

  func testTheOutlineMarksTheFrontmostScreen() throws {
    let app = AppHarness()
    try app.tap("Navigation stack")
    try app.tap("Go to screen C")
    let outline = app.tree.outline
    XCTAssertTrue(outline.hasPrefix("root \"Case Studies\"\n"), outline)
    XCTAssertTrue(outline.contains("  drill-down \"Navigation Stack\"\n"), outline)
    XCTAssertTrue(outline.contains("    #0 \"Screen C\" ◀ frontmost\n"), outline)
    XCTAssertTrue(outline.contains("Button \"Start timer\""), outline)
    XCTAssertTrue(outline.contains("    overlay\n      Text \"Total count: 0\""), outline)
    XCTAssertTrue(outline.contains("Button \"#0) Screen C\" (disabled)"), outline)
  }
}
