// Names qualified by SwiftUI's module (`SwiftUI.View`, `@SwiftUI.State`) compile against
// HeadlessUI and are HeadlessUI's own: a feature's nested `View` and `State` stay the feature's.

import ComposableArchitecture
import HeadlessUI
import XCTest

@Reducer
private struct Greeter {
  @ObservableState
  struct State: Equatable {
    var name = "Blob"
  }
  enum Action {
    case renamed(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .renamed(let name):
        state.name = name
        return .none
      }
    }
  }
}

extension Greeter {
  /// The feature's view, nested as apps nest it: `View` and `State` here are the feature's.
  struct View: SwiftUI.View {
    let store: StoreOf<Greeter>
    @SwiftUI.State private var isShouting = false
    @SwiftUI.Environment(\.isPresented) private var isPresented

    var body: some SwiftUI.View {
      SwiftUI.Text(isShouting ? store.name.uppercased() : store.name)
      SwiftUI.Button("Shout") { isShouting.toggle() }
      SwiftUI.Button("Rename") { store.send(.renamed("Blobby")) }
    }
  }
}

final class SwiftUINamespaceTests: XCTestCase {
  func testQualifiedNamesAreHeadlessUIsAndKeepTheirMeaning() throws {
    let store = Store(initialState: Greeter.State()) { Greeter() }
    let ids = StackElementIDGenerator()
    let driver = ScreenDriver(
      state: { store.state }, send: { store.send($0) }, nextStackElementID: { ids() },
      view: { store in MainActorRendering.assumeIsolated { Greeter.View(store: store) }._render() },
      host: ViewHost())
    XCTAssertEqual(driver.tree().visibleTexts.first, "Blob")
    try driver.tap(ControlQuery(label: "Shout"))
    XCTAssertEqual(driver.tree().visibleTexts.first, "BLOB", "@SwiftUI.State is the view's state")
    try driver.tap(ControlQuery(label: "Rename"))
    XCTAssertEqual(store.state.name, "Blobby")
    XCTAssertEqual(driver.tree().visibleTexts.first, "BLOBBY")
    XCTAssertTrue(SwiftUI.State<Int>.self == HeadlessUICore.State<Int>.self)
  }
}
