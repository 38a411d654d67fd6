import Composable
import Foundation
import XCTest

final class IdentifiedArrayTests: XCTestCase {
  struct User: Identifiable, Hashable, Codable {
    var id: Int
    var name: String
  }

  private let blob = User(id: 1, name: "Blob")
  private let blobJr = User(id: 2, name: "Blob Jr.")
  private let blobSr = User(id: 3, name: "Blob Sr.")

  private var users: IdentifiedArrayOf<User> { [blob, blobJr, blobSr] }

  // MARK: - Creating

  func testInitFromUniqueElementsAndArrayLiteral() {
    let fromSequence = IdentifiedArray(uniqueElements: [blob, blobJr, blobSr])
    XCTAssertEqual(fromSequence.ids, [1, 2, 3])
    XCTAssertEqual(fromSequence.elements, [blob, blobJr, blobSr])
    XCTAssertEqual(fromSequence.count, 3)
    XCTAssertEqual(fromSequence.first, blob)
    XCTAssertEqual(fromSequence.last, blobSr)

    let literal: IdentifiedArrayOf<User> = [blobSr, blob]
    XCTAssertEqual(literal.ids, [3, 1])

    let empty = IdentifiedArrayOf<User>()
    XCTAssertTrue(empty.isEmpty)
    XCTAssertEqual(empty.ids, [])
  }

  func testInitWithACustomID() {
    let words = IdentifiedArray(uniqueElements: ["a", "bb", "ccc"], id: \String.count)
    XCTAssertEqual(words.ids, [1, 2, 3])
    XCTAssertEqual(words[id: 2], "bb")
    XCTAssertNil(words[id: 4])
  }

  // MARK: - By id

  func testSubscriptByID() {
    var array = users
    XCTAssertEqual(array[id: 2], blobJr)
    XCTAssertNil(array[id: 42])

    array[id: 2]?.name = "Junior"
    XCTAssertEqual(array[id: 2]?.name, "Junior")
    XCTAssertEqual(array.ids, [1, 2, 3], "modifying in place keeps the position")

    array[id: 1] = User(id: 1, name: "Replaced")
    XCTAssertEqual(array[0], User(id: 1, name: "Replaced"))
    XCTAssertEqual(array.ids, [1, 2, 3])

    array[id: 4] = User(id: 4, name: "New")
    XCTAssertEqual(array.ids, [1, 2, 3, 4], "setting a new id appends")

    array[id: 2] = nil
    XCTAssertEqual(array.ids, [1, 3, 4], "setting nil removes")
    XCTAssertNil(array[id: 2])

    array[id: 42] = nil
    XCTAssertEqual(array.ids, [1, 3, 4])
  }

  func testRemoveByIDAndIndexOfID() {
    var array = users
    XCTAssertEqual(array.index(id: 3), 2)
    XCTAssertNil(array.index(id: 42))

    XCTAssertEqual(array.remove(id: 2), blobJr)
    XCTAssertNil(array.remove(id: 2))
    XCTAssertEqual(array.ids, [1, 3])
    XCTAssertEqual(array.index(id: 3), 1)
  }

  // MARK: - By position

  func testAppendSkipsADuplicateID() {
    var array: IdentifiedArrayOf<User> = [blob]
    let appended = array.append(blobJr)
    XCTAssertTrue(appended.inserted)
    XCTAssertEqual(appended.index, 1)

    let duplicate = array.append(User(id: 1, name: "Impostor"))
    XCTAssertFalse(duplicate.inserted)
    XCTAssertEqual(duplicate.index, 0)
    XCTAssertEqual(array[id: 1], blob, "the existing element is kept")

    array.append(contentsOf: [blobJr, blobSr])
    XCTAssertEqual(array.ids, [1, 2, 3])
  }

  func testInsert() {
    var array: IdentifiedArrayOf<User> = [blob, blobSr]
    let inserted = array.insert(blobJr, at: 1)
    XCTAssertTrue(inserted.inserted)
    XCTAssertEqual(inserted.index, 1)
    XCTAssertEqual(array.ids, [1, 2, 3])

    let duplicate = array.insert(User(id: 3, name: "Impostor"), at: 0)
    XCTAssertFalse(duplicate.inserted)
    XCTAssertEqual(duplicate.index, 2)
    XCTAssertEqual(array.ids, [1, 2, 3])
    XCTAssertEqual(array[id: 3], blobSr)
  }

  func testRemoveAtAndAtOffsets() {
    var array = users
    XCTAssertEqual(array.remove(at: 1), blobJr)
    XCTAssertEqual(array.ids, [1, 3])
    XCTAssertNil(array[id: 2], "removed by position, gone by id too")

    array = users
    array.remove(atOffsets: IndexSet([0, 2]))
    XCTAssertEqual(array.ids, [2])
    XCTAssertNil(array[id: 1])
    XCTAssertNil(array[id: 3])
  }

  func testRemoveAllWhereAndRemoveAll() {
    var array = users
    array.removeAll { $0.name.hasPrefix("Blob ") }
    XCTAssertEqual(array.ids, [1])
    XCTAssertNil(array[id: 2])

    array.removeAll()
    XCTAssertTrue(array.isEmpty)
    XCTAssertNil(array[id: 1])
  }

  func testPositionSubscriptReplacesAnElementWithTheSameID() {
    var array = users
    array[1] = User(id: 2, name: "Junior")
    XCTAssertEqual(array[id: 2]?.name, "Junior")
    array[2].name = "Senior"
    XCTAssertEqual(array[id: 3]?.name, "Senior")
    XCTAssertEqual(array.ids, [1, 2, 3])
  }

  // MARK: - Ordering

  func testMoveFromOffsetsToOffset() {
    let four: IdentifiedArrayOf<User> = [blob, blobJr, blobSr, User(id: 4, name: "Four")]

    var array = four
    array.move(fromOffsets: IndexSet(integer: 0), toOffset: 3)
    XCTAssertEqual(array.ids, [2, 3, 1, 4])

    array = four
    array.move(fromOffsets: [3], toOffset: 0)
    XCTAssertEqual(array.ids, [4, 1, 2, 3])

    array = four
    array.move(fromOffsets: [1, 3], toOffset: 0)
    XCTAssertEqual(array.ids, [2, 4, 1, 3])

    array = four
    array.move(fromOffsets: [0, 1], toOffset: 4)
    XCTAssertEqual(array.ids, [3, 4, 1, 2])
    XCTAssertEqual(array[id: 1], blob, "moving keeps every element reachable by id")
    XCTAssertEqual(array[2], blob)
  }

  func testSortBy() {
    var array = users
    array.sort { $0.name > $1.name }
    XCTAssertEqual(array.ids, [3, 2, 1])
    XCTAssertEqual(array.map(\.name), ["Blob Sr.", "Blob Jr.", "Blob"])
    XCTAssertEqual(array[id: 2], blobJr)
  }

  func testIDsFollowTheOrder() {
    var array: IdentifiedArrayOf<User> = [blobSr]
    array.insert(blob, at: 0)
    array.append(blobJr)
    XCTAssertEqual(array.ids, [1, 3, 2])
    XCTAssertEqual(array.ids, array.map(\.id))
  }

  // MARK: - Conformances

  func testEquatableAndHashable() {
    XCTAssertEqual(users, [blob, blobJr, blobSr])
    XCTAssertNotEqual(users, [blobJr, blob, blobSr], "order matters")
    XCTAssertNotEqual(users, [blob, blobJr])
    var renamed = users
    renamed[id: 1]?.name = "Other"
    XCTAssertNotEqual(users, renamed)

    XCTAssertEqual(
      users.hashValue, IdentifiedArray(uniqueElements: [blob, blobJr, blobSr]).hashValue)
    let set: Set<IdentifiedArrayOf<User>> = [users, users, [blob]]
    XCTAssertEqual(set.count, 2)
  }

  func testCodableRoundTripAsAPlainArray() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(users)
    XCTAssertEqual(
      String(decoding: data, as: UTF8.self),
      #"[{"id":1,"name":"Blob"},{"id":2,"name":"Blob Jr."},{"id":3,"name":"Blob Sr."}]"#)
    XCTAssertEqual(data, try encoder.encode([blob, blobJr, blobSr]))

    let decoded = try JSONDecoder().decode(IdentifiedArrayOf<User>.self, from: data)
    XCTAssertEqual(decoded, users)
    XCTAssertEqual(decoded[id: 3], blobSr)
  }

  func testDecodingDuplicateIDsThrows() {
    let json = Data(#"[{"id":1,"name":"Blob"},{"id":1,"name":"Impostor"}]"#.utf8)
    XCTAssertThrowsError(try JSONDecoder().decode(IdentifiedArrayOf<User>.self, from: json)) {
      guard case DecodingError.dataCorrupted = $0 else {
        return XCTFail("expected dataCorrupted, got \($0)")
      }
    }
  }

  func testDescriptionReadsAsTheElements() {
    let numbers = IdentifiedArray(uniqueElements: [1, 2], id: \Int.self)
    XCTAssertEqual(numbers.description, "[1, 2]")
  }

  func testFilterKeepsAnIdentifiedArray() {
    let array: IdentifiedArrayOf<User> = [blob, blobJr]
    let juniors: IdentifiedArrayOf<User> = array.filter { $0.name.hasSuffix("Jr.") }
    XCTAssertEqual(juniors.ids, [2])
    XCTAssertEqual(juniors[id: 2], blobJr)
    XCTAssertNil(juniors[id: 1])
  }

  func testUpdateOrAppendAndRemoveAnElement() {
    var array: IdentifiedArrayOf<User> = [blob]
    XCTAssertNil(array.updateOrAppend(blobJr))
    XCTAssertEqual(array.updateOrAppend(User(id: 1, name: "Blob Sr.")), blob)
    XCTAssertEqual(array.map(\.name), ["Blob Sr.", "Blob Jr."])
    XCTAssertEqual(array.remove(blobJr), blobJr)
    XCTAssertEqual(array.ids, [1])
  }

  func testIdentifiedGivesAValueAnID() {
    struct Row: Equatable { var title: String }
    var rows: IdentifiedArrayOf<Identified<UUID, Row>> = []
    let id = UUID()
    rows.append(Identified(Row(title: "Milk"), id: id))
    rows[id: id]?.title = "Oat milk"
    XCTAssertEqual(rows[id: id]?.value, Row(title: "Oat milk"))
    XCTAssertEqual(Identified("abc", id: \.count).id, 3)
  }
}

final class IdentifiedArrayReorderTests: XCTestCase {
  struct User: Identifiable, Equatable, Comparable {
    var id: Int
    var name: String
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.name < rhs.name }
  }

  func testSwapAt() {
    var array: IdentifiedArrayOf<User> = [User(id: 1, name: "b"), User(id: 2, name: "a")]
    array.swapAt(0, 1)
    XCTAssertEqual(array.ids, [2, 1])
    XCTAssertEqual(array[id: 1]?.name, "b")
  }

  func testReverse() {
    var array: IdentifiedArrayOf<User> = [User(id: 1, name: "b"), User(id: 2, name: "a")]
    array.reverse()
    XCTAssertEqual(array.ids, [2, 1])
  }

  func testSortComparable() {
    var array: IdentifiedArrayOf<User> = [User(id: 1, name: "b"), User(id: 2, name: "a")]
    array.sort()
    XCTAssertEqual(array.ids, [2, 1])
  }

  func testPartition() {
    var array: IdentifiedArrayOf<User> = [
      User(id: 1, name: "a"), User(id: 2, name: "b"), User(id: 3, name: "c"),
    ]
    let pivot = array.partition { $0.id % 2 == 1 }
    XCTAssertEqual(pivot, 1)
    XCTAssertEqual(array.ids, [2, 1, 3])
  }

}
