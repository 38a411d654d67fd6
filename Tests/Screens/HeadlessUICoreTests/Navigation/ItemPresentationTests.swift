// Presentations over a binding (`.sheet(item:)`, `.fullScreenCover(item:)`, `.alert(_:)`), and
// system back as on iOS: a full-screen cover, or a sheet that disables interactive dismissal,
// is left only through its own controls.

import ComposableArchitecture
import XCTest

@testable import HeadlessUICore

@Reducer
private struct Onboarding {
  @ObservableState
  struct State: Equatable {
    @Presents var welcome: Welcome.State?
    @Presents var terms: Welcome.State?
    @Presents var alert: AlertState<Action.Alert>?
    var isLocked = false
  }
  enum Action {
    case alert(PresentationAction<Alert>)
    case showAlert
    case showTerms
    case showWelcome
    case terms(PresentationAction<Welcome.Action>)
    case welcome(PresentationAction<Welcome.Action>)
    enum Alert: Equatable { case retry }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showWelcome:
        state.welcome = Welcome.State()
      case .showTerms:
        state.terms = Welcome.State()
      case .showAlert:
        state.alert = AlertState {
          TextState("Offline")
        } actions: {
          ButtonState(action: .retry) { TextState("Retry") }
        }
      case .welcome(.presented(.closeTapped)):
        state.welcome = nil
      case .terms(.presented(.closeTapped)):
        state.terms = nil
      case .alert, .terms, .welcome:
        break
      }
      return .none
    }
    .ifLet(\.$welcome, action: \.welcome) { Welcome() }
    .ifLet(\.$terms, action: \.terms) { Welcome() }
    .ifLet(\.$alert, action: \.alert)
  }
}

@Reducer
private struct Welcome {
  @ObservableState
  struct State: Equatable { var hasWayOut = true }
  enum Action { case closeTapped }
  var body: some ReducerOf<Self> { EmptyReducer() }
}

private struct OnboardingView: View {
  @Bindable var store: StoreOf<Onboarding>
  let coverHasWayOut: Bool

  var body: some View {
    VStack {
      Button("Welcome") { store.send(.showWelcome) }
      Button("Terms") { store.send(.showTerms) }
      Button("Alert") { store.send(.showAlert) }
      Button("Locked") {}
        .disabled(true)
      Text("Secret").hidden()
    }
    .fullScreenCover(item: $store.scope(state: \.welcome, action: \.welcome)) { welcome in
      Text("Welcome!")
      if coverHasWayOut {
        Button("Close") { welcome.send(.closeTapped) }
      }
    }
    .sheet(item: $store.scope(state: \.terms, action: \.terms)) { terms in
      Text("Terms")
      Button("Accept") { terms.send(.closeTapped) }
        .interactiveDismissDisabled()
    }
    .alert($store.scope(state: \.alert, action: \.alert))
  }
}

private func driver(
  _ store: StoreOf<Onboarding>, coverHasWayOut: Bool = true
) -> ScreenDriver<Onboarding.State, Onboarding.Action> {
  ScreenDriver(
    state: { store.state }, send: { store.send($0) },
    nextStackElementID: { StackElementID(generation: 0) },
    view: { store in
      MainActorRendering.assumeIsolated {
        OnboardingView(store: store, coverHasWayOut: coverHasWayOut)
      }._render()
    })
}

final class ItemPresentationTests: XCTestCase {
  func testADisabledControlIsListedButCannotBeTapped() {
    let driver = driver(Store(initialState: Onboarding.State()) { Onboarding() })
    XCTAssertTrue(driver.tree().tappable.contains { $0.label == "Locked" && !$0.isEnabled })
    XCTAssertThrowsError(try driver.tap(ControlQuery(label: "Locked"))) { error in
      XCTAssertTrue("\(error)".contains("button \"Locked\" (disabled) is disabled"), "\(error)")
    }
  }

  func testAHiddenViewCanBeNeitherSeenNorUsed() {
    let tree = driver(Store(initialState: Onboarding.State()) { Onboarding() }).tree()
    XCTAssertThrowsError(try tree.see("Secret"))
  }

  func testAFullScreenCoverHasNoSystemBackOnlyItsOwnWayOut() throws {
    let store = Store(initialState: Onboarding.State()) { Onboarding() }
    let driver = driver(store)
    try driver.tap(ControlQuery(label: "Welcome"))
    XCTAssertEqual(driver.tree().frontmost.kind, .fullScreenCover)
    XCTAssertThrowsError(try driver.back()) { error in
      XCTAssertTrue(
        "\(error)".hasPrefix(
          "no system back from full-screen cover: a full-screen cover is left "
            + "through its own controls; tappable here: button \"Close\""), "\(error)")
    }
    XCTAssertNotNil(store.state.welcome, "the failed back sent nothing")
    try driver.tap(ControlQuery(label: "Close"))
    XCTAssertNil(store.state.welcome)
  }

  func testAFullScreenCoverWithoutAWayOutTrapsTheUser() throws {
    let store = Store(initialState: Onboarding.State()) { Onboarding() }
    let driver = driver(store, coverHasWayOut: false)
    try driver.tap(ControlQuery(label: "Welcome"))
    XCTAssertEqual(driver.tree().tappable.count, 0, "nothing on the cover can be used")
    XCTAssertThrowsError(try driver.back()) { error in
      XCTAssertTrue("\(error)".hasSuffix("tappable here: nothing"), "\(error)")
    }
  }

  func testASheetThatDisablesInteractiveDismissalIsLeftOnlyThroughItsControls() throws {
    let store = Store(initialState: Onboarding.State()) { Onboarding() }
    let driver = driver(store)
    try driver.tap(ControlQuery(label: "Terms"))
    XCTAssertEqual(driver.tree().frontmost.kind, .sheet)
    XCTAssertThrowsError(try driver.back()) { error in
      XCTAssertTrue("\(error)".contains("it disables interactive dismissal"), "\(error)")
    }
    try driver.tap(ControlQuery(label: "Accept"))
    XCTAssertNil(store.state.terms)
  }

  func testAnAlertOverABindingSendsItsButtonsActionAndDismisses() throws {
    let store = Store(initialState: Onboarding.State()) { Onboarding() }
    let driver = driver(store)
    try driver.tap(ControlQuery(label: "Alert"))
    XCTAssertEqual(driver.tree().frontmost.name, "alert \"Offline\"")
    try driver.back()
    XCTAssertNil(store.state.alert, "an alert is dismissed by going back")
    try driver.tap(ControlQuery(label: "Alert"))
    try driver.tap(ControlQuery(label: "Retry"))
    XCTAssertNil(store.state.alert, "its button's action was sent and the alert went away")
  }
}
