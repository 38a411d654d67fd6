@testable import CaseStudies
import ComposableTesting
import XCTest

final class ScreenBTests: ComposableTestCase {
  func testButtonsChangeNothingByThemselves() async {
    let store = TestStore(initialState: ScreenB.State()) {
      ScreenB()
    }

    // Screen B only sends its actions; `NavigationDemo` intercepts them (see
    // `NavigationDemoTests.testScreenBNavigationIsInterceptedByTheParent`).
    await store.send(.screenAButtonTapped)
    await store.send(.screenBButtonTapped)
    await store.send(.screenCButtonTapped)
    await store.finish()
  }
}
