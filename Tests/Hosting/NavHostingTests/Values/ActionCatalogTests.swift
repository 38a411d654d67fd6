import ScriptedCaseStudies
import XCTest

@testable import NavHosting

final class ActionCatalogTests: XCTestCase {
  private func session(_ name: String) throws -> ScriptSession {
    let feature = try XCTUnwrap(ScriptFeature.caseStudies.first { $0.name == name })
    return try ScriptSession(feature: feature, options: LaunchOptions(clock: .virtual))
  }

  /// The catalog opens presentations and stack elements into their features' actions, and
  /// names what a payload is.
  func testTheCatalogOpensPresentationsAndStackElements() throws {
    let contacts = try session("contacts")
    defer { contacts.close() }
    let cases = Dictionary(
      contacts.actionCases.map { ($0.path, $0.payload) }, uniquingKeysWith: { first, _ in first })
    XCTAssertEqual(cases["addButtonTapped"], .some(nil), "a case without payload")
    XCTAssertEqual(cases["destination.presented.addContact.setName"], "String")
    XCTAssertEqual(cases["destination.dismiss"], .some(nil), "PresentationAction's own case")
    XCTAssertEqual(cases["deleteButtonTapped"], "(id: UUID)", "a labeled payload keeps its label")

    let navigation = try session("navigation")
    defer { navigation.close() }
    let paths = navigation.actionCases.map(\.path)
    XCTAssertTrue(
      paths.contains { $0.hasPrefix("path.element(-1).screenB.") },
      "a stack element's actions go through the topmost element: \(paths)")
    XCTAssertTrue(paths.contains("goToABCButtonTapped"), "\(paths)")
  }

  /// Every action the catalog lists without a payload is one `send` takes as it is written.
  func testEveryPathWithoutAPayloadIsSendable() throws {
    let navigation = try session("navigation")
    defer { navigation.close() }
    let paths = navigation.actionCases.filter { $0.payload == nil }.map(\.path)
    XCTAssertGreaterThan(paths.count, 10, "\(paths)")
    for path in paths {
      // A stack element's action needs an element to go to.
      try navigation.send(path: "goToABCButtonTapped")
      XCTAssertNoThrow(try navigation.send(path: path), path)
    }
  }

  /// What is not an enum has no actions to list.
  func testATypeThatIsNotAnEnumListsNothing() {
    XCTAssertEqual(ActionCatalog.cases(of: Int.self), [])
    XCTAssertEqual(ActionCatalog.name(of: (id: Int, name: String).self), "(id: Int, name: String)")
  }
}
