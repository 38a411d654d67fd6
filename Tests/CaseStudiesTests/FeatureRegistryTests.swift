import CaseStudies
import ComposableTesting
import Foundation
import XCTest

final class FeatureRegistryTests: ComposableTestCase {
  func testNames() {
    XCTAssertEqual(
      FeatureRegistry.names,
      ["app", "counter", "multiple-destinations", "navigation", "contacts", "shared-state"])
    XCTAssertEqual(Set(FeatureRegistry.names).count, FeatureRegistry.all.count)
    for entry in FeatureRegistry.all {
      XCTAssertFalse(entry.summary.isEmpty, entry.name)
      XCTAssertFalse(entry.summary.contains("\n"), entry.name)
    }
  }

  func testLookUpByName() {
    XCTAssertTrue(FeatureRegistry.feature(named: "app")?.feature == AppFeature.self)
    XCTAssertTrue(FeatureRegistry.feature(named: "counter")?.feature == Counter.self)
    XCTAssertTrue(
      FeatureRegistry.feature(named: "multiple-destinations")?.feature
        == MultipleDestinations.self)
    XCTAssertTrue(FeatureRegistry.feature(named: "navigation")?.feature == NavigationDemo.self)
    XCTAssertTrue(FeatureRegistry.feature(named: "contacts")?.feature == ContactsFeature.self)
    XCTAssertTrue(FeatureRegistry.feature(named: "shared-state")?.feature == SharedState.self)
    XCTAssertNil(FeatureRegistry.feature(named: "nope"))
  }

  func testMakeStoreStartsFromTheInitialState() {
    XCTAssertEqual(makeStore("app", as: AppFeature.self)?.state, AppFeature.State())
    XCTAssertEqual(makeStore("counter", as: Counter.self)?.state, Counter.State())
    XCTAssertEqual(
      makeStore("multiple-destinations", as: MultipleDestinations.self)?.state,
      MultipleDestinations.State())
    XCTAssertEqual(makeStore("navigation", as: NavigationDemo.self)?.state, NavigationDemo.State())
    XCTAssertEqual(makeStore("contacts", as: ContactsFeature.self)?.state, ContactsFeature.State())
    XCTAssertEqual(makeStore("shared-state", as: SharedState.self)?.state, SharedState.State())
  }

  func testMakeStoreUsesTheGivenDependencies() {
    guard
      let store = FeatureRegistry.feature(named: "contacts")?.makeStore(withDependencies: {
        $0.uuid = .incrementing
      }) as? StoreOf<ContactsFeature>
    else {
      return XCTFail("The contacts entry did not make a StoreOf<ContactsFeature>.")
    }

    store.send(.addButtonTapped)
    XCTAssertEqual(
      store.state.destination,
      .addContact(AddContactFeature.State(contact: Contact(id: UUID(0), name: ""))))
  }

  func testEachStoreIsIndependent() {
    let first = makeStore("counter", as: Counter.self)
    let second = makeStore("counter", as: Counter.self)
    first?.send(.incrementButtonTapped)
    XCTAssertEqual(first?.state.count, 1)
    XCTAssertEqual(second?.state.count, 0)
  }

  func testOpeningAnEntryGivesItsConcreteTypes() async {
    func launch<F: LaunchableFeature>(_: F.Type) -> AnyObject {
      TestStore(initialState: F.initialState) { F() }
    }

    guard let entry = FeatureRegistry.feature(named: "navigation") else {
      return XCTFail("No navigation entry.")
    }
    let store = launch(entry.feature)
    guard let navigation = store as? TestStoreOf<NavigationDemo> else {
      return XCTFail("The navigation entry opened as \(type(of: store)).")
    }
    await navigation.send(.goToABCButtonTapped) {
      $0.path[id: 0] = .screenA()
      $0.path[id: 1] = .screenB()
      $0.path[id: 2] = .screenC()
    }
    await navigation.finish()
  }

  private func makeStore<F: LaunchableFeature>(_ name: String, as _: F.Type) -> StoreOf<F>? {
    let store = FeatureRegistry.feature(named: name)?.makeStore()
    XCTAssertTrue(store is StoreOf<F>, "\(name): \(String(describing: store))")
    return store as? StoreOf<F>
  }
}
