// NodeList: one node kept without an array, and every way two lists join keeps reading order.

import XCTest

@testable import HeadlessUICore

final class NodeListTests: XCTestCase {
  private func text(_ label: String) -> ScreenNode { ScreenNode(kind: .text, label: label) }

  private func labels(_ list: NodeList) -> [String] { list.array.map(\.label) }

  func testListsJoinInReadingOrderWhateverTheirSizes() {
    let lists: [(NodeList, [String])] = [
      (.none, []), (.many([]), []), (.one(text("a")), ["a"]),
      (.many([text("b"), text("c")]), ["b", "c"]),
    ]
    for (first, firstLabels) in lists {
      for (second, secondLabels) in lists {
        var joined = first
        joined.append(second)
        XCTAssertEqual(labels(joined), firstLabels + secondLabels)
        XCTAssertEqual(joined.isEmpty, (firstLabels + secondLabels).isEmpty)
      }
    }
  }

  func testAJoinedArrayIsNotSharedWithTheListItCameFrom() {
    let shared = NodeList.many([text("a"), text("b")])
    var grown = shared
    grown.append(.one(text("c")))
    XCTAssertEqual(labels(shared), ["a", "b"])
    XCTAssertEqual(labels(grown), ["a", "b", "c"])
  }

  func testAnArrayOfOneIsKeptAsOneNode() {
    guard case .one(let node) = NodeList([text("a")]) else {
      return XCTFail("one node was kept in an array")
    }
    XCTAssertEqual(node.label, "a")
    guard case .none = NodeList([]) else { return XCTFail("no nodes were kept as some") }
  }

  func testMappingChangesEachNode() {
    let list = NodeList.many([text("a"), text("b")]).map { node in
      var node = node
      node.isEnabled = false
      return node
    }
    XCTAssertEqual(list.array.map(\.isEnabled), [false, false])
    XCTAssertEqual(NodeList.one(text("a")).map { _ in self.text("z") }.array.map(\.label), ["z"])
  }

  func testTheLabelOfOneNodeIsTheArraysLabel() {
    let cases: [([ScreenNode], String)] = [
      ([text("Go")], "Go"), ([ScreenNode(kind: .image, label: "plus")], "plus"),
      ([ScreenNode(kind: .progress, label: "")], ""),
      ([ScreenNode(kind: .section, label: "S", children: [text("in"), text("side")])], "in side"),
      ([text("Get"), text("fact")], "Get fact"), ([], ""),
    ]
    for (nodes, label) in cases {
      XCTAssertEqual(nodes.labelText, label, "\(nodes.map(\.label))")
      XCTAssertEqual(NodeList(nodes).labelText, label, "\(nodes.map(\.label))")
    }
  }
}
