// TCA's tests as Swift 6 teams write them: a `@MainActor` suite and a `@MainActor` XCTestCase
// that await `send` and `receive` with trailing closures, which must compile without data-race
// diagnostics (the closures are not sent across isolation: the test store's async methods run
// on their caller's actor).

import ComposableArchitecture
import Testing
import XCTest

@testable import ModernCaseStudies

@MainActor
@Suite struct MainActorTestStoreTests {
  @Test func sendAndReceiveFromTheMainActor() async {
    let store = TestStore(
      initialState: AddContactFeature.State(contact: Contact(id: UUID(1), name: ""))
    ) {
      AddContactFeature()
    }
    await store.send(\.setName, "Blob") {
      $0.contact.name = "Blob"
    }
    // A closure that captures a local, from the main actor too.
    let name = "Blob Jr."
    await store.send(\.setName, name) {
      $0.contact.name = name
    }
    await store.send(\.delegate, .cancel)
    await store.finish()
  }

  let held = TestStore(
    initialState: AddContactFeature.State(contact: Contact(id: UUID(1), name: ""))
  ) {
    AddContactFeature()
  }

  @Test func aStoreHeldByTheSuite() async {
    await held.send(\.setName, "Blob") {
      $0.contact.name = "Blob"
    }
    await held.finish()
  }
}

@MainActor
final class MainActorTestStoreXCTests: XCTestCase {
  func testSendFromTheMainActor() async {
    let store = TestStore(
      initialState: AddContactFeature.State(contact: Contact(id: UUID(1), name: ""))
    ) {
      AddContactFeature()
    }
    await store.send(\.setName, "Blob") {
      $0.contact.name = "Blob"
    }
    // Saving tells the parent, then dismisses: the test store, at the root, records it.
    await store.send(\.saveButtonTapped)
    await store.receive(\.delegate)
    await store.finish()
    XCTAssertTrue(store.isDismissed)
  }
}
