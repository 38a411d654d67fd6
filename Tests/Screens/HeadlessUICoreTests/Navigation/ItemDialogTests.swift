// `.confirmationDialog($store.scope(…))` and `.popover(item:)` over a store binding.

import ComposableArchitecture
import XCTest

@testable import HeadlessUICore

@Reducer
private struct Photo {
  @ObservableState
  struct State: Equatable {
    var deleted = false
    @Presents var dialog: ConfirmationDialogState<Action.Dialog>?
    @Presents var info: Info.State?
  }
  enum Action {
    case dialog(PresentationAction<Dialog>)
    case info(PresentationAction<Info.Action>)
    case infoTapped
    case moreTapped
    enum Dialog: Equatable { case delete }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .moreTapped:
        state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
          TextState("Photo")
        } actions: {
          ButtonState(role: .destructive, action: .delete) { TextState("Delete photo") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
      case .infoTapped:
        state.info = Info.State()
      case .dialog(.presented(.delete)):
        state.deleted = true
      case .dialog, .info:
        break
      }
      return .none
    }
    .ifLet(\.$dialog, action: \.dialog)
    .ifLet(\.$info, action: \.info) { Info() }
  }
}

@Reducer
private struct Info {
  @ObservableState
  struct State: Equatable { var size = "2 MB" }
  enum Action {}
  var body: some ReducerOf<Self> { EmptyReducer() }
}

private struct PhotoView: View {
  @Bindable var store: StoreOf<Photo>

  var body: some View {
    Button("More") { store.send(.moreTapped) }
    Button("Info") { store.send(.infoTapped) }
      .popover(item: $store.scope(state: \.info, action: \.info)) { info in
        Text(info.size)
      }
      .confirmationDialog($store.scope(state: \.dialog, action: \.dialog))
  }
}

final class ItemDialogTests: XCTestCase {
  private func driver(_ store: StoreOf<Photo>) -> ScreenDriver<Photo.State, Photo.Action> {
    ScreenDriver(
      state: { store.state }, send: { store.send($0) },
      nextStackElementID: { StackElementID(generation: 0) },
      view: { store in MainActorRendering.assumeIsolated { PhotoView(store: store) }._render() })
  }

  func testAConfirmationDialogOverABindingSendsItsButtonsAction() throws {
    let store = Store(initialState: Photo.State()) { Photo() }
    let driver = driver(store)
    try driver.tap(ControlQuery(label: "More"))
    XCTAssertEqual(driver.tree().frontmost.name, "dialog \"Photo\"")
    try driver.tap(ControlQuery(label: "Delete photo", role: "destructive"))
    XCTAssertTrue(store.state.deleted)
    XCTAssertNil(store.state.dialog)
  }

  func testAPopoverOverABindingShowsTheChildAndGoingBackDismissesIt() throws {
    let store = Store(initialState: Photo.State()) { Photo() }
    let driver = driver(store)
    try driver.tap(ControlQuery(label: "Info"))
    XCTAssertEqual(driver.tree().frontmost.kind, .popover)
    try driver.tree().see("2 MB")
    try driver.back()
    XCTAssertNil(store.state.info)
  }
}
