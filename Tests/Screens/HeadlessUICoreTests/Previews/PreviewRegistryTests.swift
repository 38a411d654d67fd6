// `#Preview`s are found at run time, with their names and places, and make their views.

import HeadlessUI
import XCTest

private struct Greeting: View {
  let name: String
  var body: some View {
    Text("Hello, \(name)")
  }
}

#Preview("Greeting") {
  Greeting(name: "Blob")
}

#Preview {
  Text("Unnamed")
}

#Preview("Switch") {
  @Previewable @State var isOn = false
  Toggle("Lamp", isOn: $isOn)
  Text(isOn ? "Lit" : "Dark")
}

final class PreviewRegistryTests: XCTestCase {
  func testPreviewsAreFoundWithTheirNamesAndPlacesInOrder() {
    let previews = PreviewRegistry.all.filter {
      $0.location.hasPrefix("PreviewRegistryTests.swift:")
    }
    XCTAssertEqual(previews.map { $0.name }, ["Greeting", nil, "Switch"])
    XCTAssertEqual(
      previews.map { $0.location },
      [
        "PreviewRegistryTests.swift:13", "PreviewRegistryTests.swift:17",
        "PreviewRegistryTests.swift:21",
      ])
    let labels = previews.map { $0.render().nodes.map(\.label) }
    XCTAssertEqual(labels, [["Hello, Blob"], ["Unnamed"], ["Lamp", "Dark"]])
  }

  func testAPreviewsPreviewableStateIsAViewsStateThatItsControlsChange() throws {
    let preview = try XCTUnwrap(PreviewRegistry.preview(named: "Switch"))
    let host = ViewHost()
    let driver = ScreenDriver<Int, Never>(
      state: { 0 }, send: { _ in }, nextStackElementID: { preconditionFailure() },
      view: { _ in preview.render() }, host: host)
    XCTAssertTrue(driver.tree().visibleTexts.contains("Dark"))
    try driver.tap(ControlQuery(label: "Lamp"))
    XCTAssertTrue(driver.tree().visibleTexts.contains("Lit"))
  }
}
