import Composable
import XCTest

final class CasePathTests: XCTestCase {
  struct Payload: Equatable { var name: String; var tags: [String] }
  final class Ref: Equatable {
    let value: Int
    init(_ value: Int) { self.value = value }
    static func == (lhs: Ref, rhs: Ref) -> Bool { lhs.value == rhs.value }
  }
  indirect enum Tree: Equatable { case leaf(Int), node(Tree, Tree), empty }
  enum Action: Equatable {
    case tapped
    case setName(String)
    case payload(Payload)
    case row(id: Int, action: String)
    case optional(Int?)
    case other(String)
    indirect case nested(Action)
    case ref(Ref)
    case delete(id: Int)
    case select(item: Ref)
    case dismiss
  }

  func testPayloadlessCase() {
    let path: CasePath<Action, Void> = /Action.tapped
    XCTAssertNotNil(path.extract(from: .tapped))
    XCTAssertNil(path.extract(from: .dismiss))
    XCTAssertNil(path.extract(from: .setName("x")))
    XCTAssertEqual(path.embed(()), .tapped)
  }

  func testUnlabeledPayloadHitAndMiss() {
    let path: CasePath<Action, String> = /Action.setName
    for _ in 0..<3 {
      XCTAssertEqual(path.extract(from: .setName("Blob")), "Blob")
      XCTAssertNil(path.extract(from: .other("Blob")), "same payload type, other case")
      XCTAssertNil(path.extract(from: .tapped))
    }
    // A fresh path (as a re-evaluated reducer body makes) agrees.
    XCTAssertNil((/Action.other).extract(from: .setName("Blob")))
    XCTAssertEqual((/Action.other).extract(from: .other("Jr")), "Jr")
  }

  func testStructAndTupleAndOptionalPayloads() {
    let payload = Payload(name: "Blob", tags: ["a", "b"])
    XCTAssertEqual((/Action.payload).extract(from: .payload(payload)), payload)
    let row = (/Action.row(id:action:)).extract(from: .row(id: 7, action: "tap"))
    XCTAssertEqual(row?.0, 7)
    XCTAssertEqual(row?.1, "tap")
    XCTAssertEqual((/Action.optional).extract(from: .optional(nil)), .some(nil))
    XCTAssertEqual((/Action.optional).extract(from: .optional(3)), .some(3))
  }

  /// A case with one labeled value reflects its payload as a one-element tuple, `(id: 3)`; its
  /// path extracts the value (it missed every time, so `/Action.delete(id:)` never matched).
  func testLabeledSinglePayloads() {
    let path: CasePath<Action, Int> = /Action.delete(id:)
    for _ in 0..<3 {
      XCTAssertEqual(path.extract(from: .delete(id: 3)), 3)
      XCTAssertNil(path.extract(from: .optional(3)))
      XCTAssertNil(path.extract(from: .tapped))
    }
    let ref = Ref(9)
    let select: CasePath<Action, Ref> = /Action.select(item:)
    XCTAssertTrue(select.extract(from: .select(item: ref)) === ref, "a class payload, by identity")
    XCTAssertNil(select.extract(from: .ref(ref)))
  }

  func testIndirectCases() {
    XCTAssertEqual((/Action.nested).extract(from: .nested(.setName("x"))), .setName("x"))
    XCTAssertEqual((/Tree.node).extract(from: .node(.leaf(1), .empty))?.0, .leaf(1))
    XCTAssertEqual((/Tree.leaf).extract(from: .leaf(42)), 42)
    XCTAssertNil((/Tree.leaf).extract(from: .empty))
  }

  func testClassPayloadKeepsIdentityAndRetainCounts() {
    weak var weakRef: Ref?
    do {
      let ref = Ref(3)
      weakRef = ref
      let action = Action.ref(ref)
      for _ in 0..<100 { XCTAssertTrue((/Action.ref).extract(from: action) === ref) }
    }
    XCTAssertNil(weakRef, "extraction must not leak the payload")
  }

  func testCasesWhoseTagLivesInThePayloadsSpareBits() {
    // Three reference payloads: the case is stored in the pointers' spare bits, so reading a
    // payload must strip them for every case but the one whose tag bits are zero.
    enum Refs { case a(Ref), b(Ref), c(Ref), d(String) }
    let refs = [Ref(1), Ref(2), Ref(3)]
    for _ in 0..<3 {
      XCTAssertTrue((/Refs.a).extract(from: .a(refs[0])) === refs[0])
      XCTAssertTrue((/Refs.b).extract(from: .b(refs[1])) === refs[1])
      XCTAssertTrue((/Refs.c).extract(from: .c(refs[2])) === refs[2])
      XCTAssertEqual(
        (/Refs.d).extract(from: .d("Blob, a string too long to be stored inline")),
        "Blob, a string too long to be stored inline")
      XCTAssertNil((/Refs.c).extract(from: .b(refs[1])))
    }
  }

  func testGenericAndOptionalRoots() {
    XCTAssertEqual((/Optional<Int>.some).extract(from: 3), 3)
    XCTAssertNil((/Optional<Int>.some).extract(from: nil))
    XCTAssertEqual((/Result<Int, MyError>.success).extract(from: .success(1)), 1)
    XCTAssertEqual((/Result<Int, MyError>.failure).extract(from: .failure(MyError())), MyError())
  }
  struct MyError: Error, Equatable {}

  func testHandWrittenPathsAndAppending() {
    let name = CasePath<Action, String>(
      embed: Action.setName, extract: { if case .setName(let n) = $0 { n } else { nil } })
    let nested = (/Action.nested).appending(path: name)
    XCTAssertEqual(nested.extract(from: .nested(.setName("y"))), "y")
    XCTAssertEqual(nested.embed("z"), .nested(.setName("z")))
    var action = Action.setName("a")
    name.modify(&action) { $0 += "b" }
    XCTAssertEqual(action, .setName("ab"))
  }

  func testPatternMatching() {
    switch Action.setName("x") {
    case /Action.setName: break
    default: XCTFail("expected a match")
    }
  }
}

final class ZeroSizedPayloadTests: XCTestCase {
  enum AlertAction: Equatable { case confirmDeletion }
  struct Empty: Equatable {}
  enum Action: Equatable { case alert(AlertAction), empty(Empty), count(Int), dismiss }

  func testZeroSizedPayloadsExtract() {
    XCTAssertEqual((/Action.alert).extract(from: .alert(.confirmDeletion)), .confirmDeletion)
    XCTAssertEqual((/Action.empty).extract(from: .empty(Empty())), Empty())
    XCTAssertNil((/Action.alert).extract(from: .empty(Empty())))
    XCTAssertNil((/Action.alert).extract(from: .dismiss))
    XCTAssertNil((/Action.alert).extract(from: .count(1)))
  }

  func testScopeRunsAChildWithASingleCaseAction() {
    struct Parent: Reducer {
      struct State: Equatable { var confirmed = false }
      enum Action: Equatable { case alert(AlertAction) }
      var body: some ReducerOf<Self> {
        Scope(state: \.confirmed, action: /Action.alert) {
          Reduce<Bool, AlertAction> { confirmed, _ in
            confirmed = true
            return .none
          }
        }
      }
    }
    let store = Store(initialState: Parent.State()) { Parent() }
    store.send(.alert(.confirmDeletion))
    XCTAssertTrue(store.state.confirmed)
  }
}
