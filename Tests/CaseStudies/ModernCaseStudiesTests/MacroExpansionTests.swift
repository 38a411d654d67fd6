import ComposableArchitecture
import Foundation
import Observation
import XCTest

// In the client packages the seeds are their own target, ModernSeeds: a target name navd's
// ModernCaseStudies would clash with in one package graph.
#if canImport(ModernSeeds)
  @testable import ModernSeeds
#else
  @testable import ModernCaseStudies
#endif

/// What the macros generate, checked through what it does: case paths that extract and embed,
/// observation that fires, the defaults of an empty `@Reducer`.
final class MacroExpansionTests: XCTestCase {
  func testCaseKeyPathsExtractEmbedAndChain() {
    let action = ContactsFeature.Action.destination(.presented(.addContact(.setName("Blob"))))
    XCTAssertEqual(action[case: \.destination.addContact.setName], "Blob")
    XCTAssertNil(action[case: \.addButtonTapped])
    XCTAssertTrue(action.is(\.destination))
    XCTAssertFalse(action.is(\.deleteButtonTapped))
    let embedded: ContactsFeature.Action = (\ContactsFeature.Action.Cases.deleteButtonTapped)(
      UUID(3))
    XCTAssertEqual(embedded[case: \.deleteButtonTapped], UUID(3))
    XCTAssertNotNil(
      (\ContactsFeature.Action.Cases.addButtonTapped)()[case: \.addButtonTapped],
      "a payload-less case embeds and extracts Void")
  }

  func testEnumStateReadsItsCasesAsOptionalProperties() {
    var state = ContactsFeature.State()
    state.destination = .addContact(
      AddContactFeature.State(contact: Contact(id: UUID(1), name: "")))
    XCTAssertEqual(state.destination?.addContact?.contact.id, UUID(1))
    XCTAssertNil(state.destination?.alert)
    state.destination?.modify(\.addContact) { $0.contact.name = "Blob" }
    XCTAssertEqual(state.destination?.addContact?.contact.name, "Blob")
  }

  func testStackActionsByID() {
    typealias Action = StackAction<Int, String>
    let action = Action.element(id: 4, action: "tap")
    XCTAssertEqual(action[case: \.[id: 4]], "tap")
    XCTAssertNil(action[case: \.[id: 5]])
    XCTAssertEqual(action[case: \.element]?.id, 4)
  }

  func testObservableStateReportsChangesToObservers() {
    var state = AddContactFeature.State(contact: Contact(id: UUID(0), name: ""))
    let changed = Flag()
    withObservationTracking {
      _ = state.contact
    } onChange: {
      changed.set()
    }
    XCTAssertFalse(changed.isSet)
    state.contact.name = "Blob"
    XCTAssertTrue(changed.isSet, "a change to a tracked property reaches its observer")
    XCTAssertEqual(state.contact.name, "Blob")
  }

  func testObservableStateEqualityIgnoresIdentity() {
    let one = AddContactFeature.State(contact: Contact(id: UUID(0), name: "A"))
    let two = AddContactFeature.State(contact: Contact(id: UUID(0), name: "A"))
    XCTAssertNotEqual(one._$id, two._$id)
    XCTAssertEqual(one, two, "the registrar is not part of the state")
  }

  func testAnEmptyReducerGetsTCAsDefaults() {
    let store = TestStore(initialState: Empty.State()) { Empty() }
    XCTAssertEqual(store.state, Empty.State())
  }
}

/// `@Reducer` with nothing in it: TCA 1.8 fills in `State`, `Action` and `body`.
@Reducer
struct Empty {}

/// Set from an observation's change handler.
private final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}

/// A case with several values gets a closure pair around a `switch`, the payload a tuple.
@CasePathable
enum Pair {
  case both(Int, name: String)
  case neither
}

final class SeveralValuesCasePathTests: XCTestCase {
  func testACaseWithSeveralValuesExtractsAndEmbedsATuple() {
    let both = Pair.both(3, name: "Blob")
    XCTAssertEqual(both[case: \.both]?.0, 3)
    XCTAssertEqual(both[case: \.both]?.name, "Blob")
    XCTAssertNil(Pair.neither[case: \.both])
    let embedded: Pair = (\Pair.Cases.both)((4, name: "Jr"))
    XCTAssertEqual(embedded[case: \.both]?.name, "Jr")
  }
}
