import Composable
import XCTest

final class AlertStateTests: XCTestCase {
  enum Action: Equatable, Codable { case confirmDeletion(id: Int), cancel }

  func testBuilderSyntaxAndEquality() {
    let alert = AlertState<Action> {
      TextState("Are you sure?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion(id: 1)) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("This cannot be undone.")
    }
    XCTAssertEqual(alert.title, "Are you sure?")
    XCTAssertEqual(alert.message, "This cannot be undone.")
    XCTAssertEqual(alert.buttons.map(\.label.string), ["Delete", "Cancel"])
    XCTAssertEqual(alert.buttons.first?.role, .destructive)
    XCTAssertEqual(alert.buttons.first?.action, .confirmDeletion(id: 1))
    let same = AlertState<Action> {
      TextState("Are you sure?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion(id: 1)) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("This cannot be undone.")
    }
    XCTAssertEqual(alert, same, "alerts compare by content")
    XCTAssertNotEqual(alert.id, same.id, "but are distinct presentations")
  }

  func testCodableShowsTitleMessageAndButtons() throws {
    let alert = AlertState<Action> {
      TextState("Delete?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion(id: 3)) { TextState("Delete") }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(alert), as: UTF8.self)
    XCTAssertEqual(
      json,
      #"{"buttons":[{"action":{"confirmDeletion":{"id":3}},"label":"Delete","role":"destructive"}],"title":"Delete?"}"#
    )
    XCTAssertEqual(try JSONDecoder().decode(AlertState<Action>.self, from: Data(json.utf8)), alert)
  }

  func testConfirmationDialogAndMap() {
    let dialog = ConfirmationDialogState<Action>(titleVisibility: .visible) {
      TextState("Options")
    } actions: {
      ButtonState(action: .cancel) { TextState("Never mind") }
    }
    XCTAssertEqual(dialog.titleVisibility, .visible)
    let mapped = dialog.map { $0.map { "\($0)" } }
    XCTAssertEqual(mapped.buttons.first?.action, "cancel")
  }

  func testADialogKeepsItsTitleVisibilityThroughMapEqualityAndCoding() throws {
    let dialog = ConfirmationDialogState<Action>(titleVisibility: .visible) {
      TextState("Options")
    } actions: {
      ButtonState(action: .cancel) { TextState("Never mind") }
    }
    XCTAssertEqual(dialog.map { $0 }.titleVisibility, .visible)
    var hidden = dialog
    hidden.titleVisibility = .hidden
    XCTAssertNotEqual(dialog, hidden)
    let data = try JSONEncoder().encode(dialog)
    let decoded = try JSONDecoder().decode(ConfirmationDialogState<Action>.self, from: data)
    XCTAssertEqual(decoded, dialog)
    XCTAssertEqual(decoded.titleVisibility, .visible)
  }
}
