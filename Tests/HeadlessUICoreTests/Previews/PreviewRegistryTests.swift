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

final class PreviewRegistryTests: XCTestCase {
  func testPreviewsAreFoundWithTheirNamesAndPlacesInOrder() {
    let previews = PreviewRegistry.all.filter {
      $0.location.hasPrefix("PreviewRegistryTests.swift:")
    }
    XCTAssertEqual(previews.map { $0.name }, ["Greeting", nil])
    XCTAssertEqual(
      previews.map { $0.location },
      ["PreviewRegistryTests.swift:13", "PreviewRegistryTests.swift:17"])
    let labels = previews.map { $0.render().nodes.map(\.label) }
    XCTAssertEqual(labels, [["Hello, Blob"], ["Unnamed"]])
  }
}
