// Forms, sections, lists and menus group their content; stacks, groups and `NavigationStack`
// only lay it out; `ForEach` repeats it.

import Composable
import XCTest

@testable import HeadlessUICore

private struct Contacts: Reducer {
  struct State { var names = ["Blob", "Blob Jr.", "Blob Sr."] }
  enum Action: Equatable {
    case delete(String)
    case rename
    case share
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// The nodes as indented lines: `kind "label"`, children two spaces further in.
private func shape(_ nodes: [ScreenNode], depth: Int = 0) -> [String] {
  nodes.flatMap { node in
    [String(repeating: "  ", count: depth) + "\(node.kind.rawValue) \"\(node.label)\""]
      + shape(node.children, depth: depth + 1)
  }
}

final class ContainersTests: XCTestCase {
  func testAFormOfSectionsMakesNestedGroups() {
    let content = Form {
      Section("Account") {
        Text("Blob")
      }
      Section {
        Button("Sign out") {}
      }
    }
    XCTAssertEqual(
      shape(content.body.nodes),
      [
        "form \"\"",
        "  section \"Account\"",
        "    text \"Blob\"",
        "  section \"\"",
        "    button \"Sign out\"",
      ])
  }

  func testAListIsAGroupOfRows() {
    let content = List {
      Text("One")
      Text("Two")
    }
    XCTAssertEqual(shape(content.body.nodes), ["list \"\"", "  text \"One\"", "  text \"Two\""])
  }

  func testAMenuIsALabelledGroupWhoseButtonsAreTappable() throws {
    let store = StoreOf<Contacts>.rendering(Contacts.State())
    let content = Menu("More") {
      Button("Rename") { store.send(.rename) }
      Button("Share") { store.send(.share) }
    }
    XCTAssertEqual(
      shape(content.body.nodes),
      ["menu \"More\"", "  button \"Rename\"", "  button \"Share\""])
    let tree = NavigationTree(rendering: content)
    XCTAssertEqual(tree.tappable.map(\.label), ["Rename", "Share"])
    guard case .send(let actions) = try tree.tap(ControlQuery(label: "Share")) else {
      return XCTFail("a menu's button sends")
    }
    XCTAssertEqual(actions.map { $0.value as? Contacts.Action }, [.share])
    XCTAssertThrowsError(try tree.tap(ControlQuery(label: "More")), "a menu is not a control")
  }

  func testStacksGroupsAndNavigationStackPassTheirContentThrough() {
    let content = NavigationStack {
      VStack(alignment: .leading, spacing: 8) {
        HStack(alignment: .top) {
          Text("A")
          Text("B")
        }
        Group {
          Button("C") {}
        }
        ZStack {
          Color.gray.frame(width: 20, height: 20)
          Text("D").frame(maxWidth: .infinity, alignment: .leading)
        }
      }
      .pickerStyle(.segmented)
    }
    XCTAssertEqual(
      shape(content.body.nodes),
      ["text \"A\"", "text \"B\"", "button \"C\"", "text \"D\""])
  }

  func testContainersPassTitlesAndPresentationsThrough() {
    struct Sheet { @PresentationState var item: Int? = 1 }
    let store = Store<Sheet, PresentationAction<Never>>.rendering(Sheet())
      .scope(state: \.$item, action: { $0 })
    let content = NavigationStack {
      Form {
        Section("Details") {
          Text("Blob")
            .navigationTitle("Contact")
            .sheet(store: store) { _ in Text("Edit") }
        }
      }
    }
    XCTAssertEqual(content.body.title, "Contact")
    let tree = NavigationTree(rendering: content)
    XCTAssertEqual(tree.root.title, "Contact")
    XCTAssertEqual(tree.root.presented.map(\.kind), [.sheet])
  }

  func testForEachRepeatsItsContentPerElement() {
    let content = ForEach(["Blob", "Blob Jr."]) { name in
      Text(name)
    }
    XCTAssertEqual(shape(content.body.nodes), ["text \"Blob\"", "text \"Blob Jr.\""])
    XCTAssertEqual(ForEach([String]()) { Text($0) }.body.nodes.count, 0)
    XCTAssertEqual(ForEach(1...3) { Text("\($0)") }.body.nodes.map(\.label), ["1", "2", "3"])
  }

  func testForEachRowsInAListSendTheirElementsAction() throws {
    let store = StoreOf<Contacts>.rendering(Contacts.State())
    let content = List {
      ForEach(store.state.names) { name in
        HStack {
          Text(name)
          Spacer()
          Button {
            store.send(.delete(name))
          } label: {
            Image(systemName: "trash")
          }
        }
      }
    }
    XCTAssertEqual(
      shape(content.body.nodes),
      [
        "list \"\"",
        "  text \"Blob\"", "  button \"trash\"",
        "  text \"Blob Jr.\"", "  button \"trash\"",
        "  text \"Blob Sr.\"", "  button \"trash\"",
      ])
    let tree = NavigationTree(rendering: content)
    guard case .send(let actions) = try tree.tap(ControlQuery(label: "trash", index: 2)) else {
      return XCTFail("a row's button sends")
    }
    XCTAssertEqual(actions.map { $0.value as? Contacts.Action }, [.delete("Blob Jr.")])
  }
}
