@testable import CaseStudies
import ComposableTesting
import XCTest

/// The add-contact sheet on its own, presented by a tiny parent, as the TCA tutorial tests it.
final class AddContactFeatureTests: ComposableTestCase {
  /// A parent that presents only the sheet, so the sheet's `dismiss` has someone to answer it.
  struct Host: Reducer {
    struct State: Equatable {
      @PresentationState var sheet: AddContactFeature.State?
      var saved: [Contact] = []
    }

    enum Action: Equatable {
      case present(Contact)
      case sheet(PresentationAction<AddContactFeature.Action>)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .present(contact):
          state.sheet = AddContactFeature.State(contact: contact)
        case let .sheet(.presented(.delegate(.saveContact(contact)))):
          state.saved.append(contact)
        case .sheet:
          break
        }
        return .none
      }
      .ifLet(\.$sheet, action: /Action.sheet) {
        AddContactFeature()
      }
    }
  }

  func testSetNameEditsTheContact() async {
    let store = TestStore(
      initialState: AddContactFeature.State(contact: Contact(id: UUID(0), name: ""))
    ) {
      AddContactFeature()
    }

    await store.send(.setName("B")) { $0.contact.name = "B" }
    await store.send(.setName("Blob")) { $0.contact.name = "Blob" }
    await store.finish()
  }

  func testSaveSendsTheDelegateActionThenDismisses() async {
    let contact = Contact(id: UUID(0), name: "Blob")
    let store = TestStore(initialState: Host.State()) {
      Host()
    }

    await store.send(.present(contact)) {
      $0.sheet = AddContactFeature.State(contact: contact)
    }
    await store.send(.sheet(.presented(.saveButtonTapped)))
    await store.receive(.sheet(.presented(.delegate(.saveContact(contact))))) {
      $0.saved = [contact]
    }
    await store.receive(.sheet(.dismiss)) {
      $0.sheet = nil
    }
    await store.finish()
  }

  func testCancelOnlyDismisses() async {
    let contact = Contact(id: UUID(0), name: "Blob")
    let store = TestStore(initialState: Host.State()) {
      Host()
    }

    await store.send(.present(contact)) {
      $0.sheet = AddContactFeature.State(contact: contact)
    }
    await store.send(.sheet(.presented(.cancelButtonTapped)))
    await store.receive(.sheet(.dismiss)) {
      $0.sheet = nil
    }
    await store.finish()
  }

  /// In TCA 1.3 a child presented in the store's initial state can dismiss itself too: the
  /// presentation reducer starts listening for `dismiss()` the first time it runs with the child
  /// present (`PresentationState.isPresented`), not only when the child appears.
  func testCancelDismissesASheetPresentedInTheInitialState() async {
    let store = TestStore(
      initialState: Host.State(
        sheet: AddContactFeature.State(contact: Contact(id: UUID(0), name: "Blob")))
    ) {
      Host()
    }

    await store.send(.sheet(.presented(.cancelButtonTapped)))
    await store.receive(.sheet(.dismiss)) {
      $0.sheet = nil
    }
    await store.finish()
  }

  /// Tested on its own, as in TCA, the feature dismisses itself at the test store's root: no
  /// warning, and `isDismissed` says so (a plain `Store` warns: PresentationReducerTests).
  func testSaveOnItsOwnSendsTheDelegateAndDismissesItself() async {
    let log = IssueLog()
    let contact = Contact(id: UUID(0), name: "Blob")
    let store = TestStore(
      initialState: AddContactFeature.State(contact: contact),
      reducer: { AddContactFeature() },
      reporter: log.reporter
    )

    await store.send(.saveButtonTapped)
    await store.receive(.delegate(.saveContact(contact)))
    await store.finish()
    XCTAssertEqual(log.messages, [])
    XCTAssertTrue(store.isDismissed)
  }
}

extension AddContactFeatureTests.Host.State {
  init(sheet: AddContactFeature.State? = nil) {
    self.sheet = sheet
  }
}
