import Composable
import XCTest

final class PresentationReducerTests: XCTestCase {
  struct Child: Reducer {
    struct State: Equatable, Identifiable {
      var id: Int
      var count = 0
    }
    enum Action: Equatable { case increment, startTimer, tick, closeButtonTapped }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.dismiss) var dismiss
    @Dependency(\.isPresented) var isPresented

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .startTimer:
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
      case .tick:
        state.count += 10
        return .none
      case .closeButtonTapped:
        return .run { _ in await self.dismiss() }
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable {
      @PresentationState var child: Child.State?
      @PresentationState var alert: AlertState<Action.Alert>?
      var log: [String] = []
    }
    enum Action: Equatable {
      case child(PresentationAction<Child.Action>)
      case alert(PresentationAction<Alert>)
      case present(id: Int)
      case replace(id: Int)
      case close
      case showAlert
      enum Alert: Equatable { case confirm }
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .child(.presented(let childAction)):
          state.log.append("parent saw \(childAction) with count \(state.child?.count ?? -1)")
          return .none
        case .child(.dismiss):
          state.log.append("parent saw dismiss with child \(state.child?.id ?? -1)")
          return .none
        case .alert(.presented(.confirm)):
          state.log.append("confirmed while alert is \(state.alert == nil ? "gone" : "shown")")
          return .none
        case .alert(.dismiss):
          return .none
        case .present(let id):
          state.child = Child.State(id: id)
          return .none
        case .replace(let id):
          state.child = Child.State(id: id)
          return .none
        case .close:
          state.child = nil
          return .none
        case .showAlert:
          state.alert = AlertState {
            TextState("Sure?")
          } actions: {
            ButtonState(role: .destructive, action: .confirm) { TextState("Yes") }
          }
          return .none
        }
      }
      .ifLet(\.$child, action: /Action.child) { Child() }
      .ifLet(\.$alert, action: /Action.alert)
    }
  }

  func testPresentedActionRunsTheChildFirstThenTheParent() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.present(id: 1)) { $0.child = Child.State(id: 1) }
    await store.send(.child(.presented(.increment))) {
      $0.child?.count = 1
      $0.log = ["parent saw increment with count 1"]
    }
    await store.send(.close) { $0.child = nil }
    await store.finish()
  }

  func testDismissRunsTheParentFirstThenClearsTheChild() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.present(id: 7)) { $0.child = Child.State(id: 7) }
    await store.send(.child(.dismiss)) {
      $0.log = ["parent saw dismiss with child 7"]
      $0.child = nil
    }
    await store.finish()
  }

  func testDismissDependencyFromAChildEffectDismissesIt() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.present(id: 2)) { $0.child = Child.State(id: 2) }
    await store.send(.child(.presented(.closeButtonTapped))) {
      $0.log = ["parent saw closeButtonTapped with count 0"]
    }
    await store.receive(.child(.dismiss)) {
      $0.log.append("parent saw dismiss with child 2")
      $0.child = nil
    }
    await store.finish()
  }

  func testChildEffectsAreCancelledWhenTheParentClearsTheChild() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.present(id: 3)) { $0.child = Child.State(id: 3) }
    await store.send(.child(.presented(.startTimer))) {
      $0.log = ["parent saw startTimer with count 0"]
    }
    await store.advance(by: .seconds(1))
    await store.receive(.child(.presented(.tick))) {
      $0.child?.count = 10
      $0.log.append("parent saw tick with count 10")
    }
    await store.send(.close) { $0.child = nil }
    await store.advance(by: .seconds(5))
    XCTAssertEqual(store.clock.sleeperCount, 0)
    await store.finish()
  }

  func testChildEffectsAreCancelledWhenTheChildIsReplacedByAnotherIdentity() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.present(id: 4)) { $0.child = Child.State(id: 4) }
    await store.send(.child(.presented(.startTimer))) {
      $0.log = ["parent saw startTimer with count 0"]
    }
    await store.send(.replace(id: 5)) { $0.child = Child.State(id: 5) }
    await store.advance(by: .seconds(3))
    XCTAssertTrue(store.receivedActions.isEmpty, "the old child's timer must not tick")
    await store.finish()
  }

  func testAnAlertGoesAwayAfterItsButtonAndTheParentSeesItFirst() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.showAlert) {
      $0.alert = AlertState {
        TextState("Sure?")
      } actions: {
        ButtonState(role: .destructive, action: .confirm) { TextState("Yes") }
      }
    }
    await store.send(.alert(.presented(.confirm))) {
      $0.log = ["confirmed while alert is shown"]
      $0.alert = nil
    }
    await store.finish()
  }

  func testIsPresentedTellsAChildWhetherItIsPresented() {
    struct Probe: Reducer {
      struct State: Equatable { var presented: Bool? }
      enum Action: Equatable { case check }
      @Dependency(\.isPresented) var isPresented
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.presented = isPresented
        return .none
      }
    }
    struct Host: Reducer {
      struct State: Equatable { @PresentationState var probe: Probe.State? = Probe.State() }
      enum Action: Equatable { case probe(PresentationAction<Probe.Action>) }
      var body: some ReducerOf<Self> {
        EmptyReducer().ifLet(\.$probe, action: /Action.probe) { Probe() }
      }
    }
    let hosted = Store(initialState: Host.State()) { Host() }
    hosted.send(.probe(.presented(.check)))
    XCTAssertEqual(hosted.state.probe?.presented, true)
    let root = Store(initialState: Probe.State()) { Probe() }
    root.send(.check)
    XCTAssertEqual(root.state.presented, false)
  }

  func testAnActionForAnAbsentChildIsARuntimeWarning() {
    let warnings = Warnings()
    let store = Store(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    store.send(.child(.presented(.increment)))
    XCTAssertEqual(warnings.messages.count, 1)
    XCTAssertTrue(
      warnings.messages[0].contains(
        "received a presentation action when destination state was absent"),
      warnings.messages[0])
    XCTAssertEqual(store.state.log, ["parent saw increment with count -1"])
  }

  func testDismissWhenNotPresentedIsARuntimeWarning() async {
    let warnings = Warnings()
    let store = Store(initialState: Child.State(id: 1)) {
      Child()
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    await store.send(.closeButtonTapped).finish()
    XCTAssertEqual(warnings.messages.count, 1)
    XCTAssertTrue(
      warnings.messages[0].contains("requested dismissal")
        && warnings.messages[0].contains(
          "couldn't be dismissed"),
      warnings.messages[0])
  }

  func testPresentationStateCodesAndComparesAsItsOptional() throws {
    var state = Parent.State()
    state.child = Child.State(id: 9, count: 2)
    XCTAssertEqual(state.$child.wrappedValue, Child.State(id: 9, count: 2))
    let copy = state
    state.child?.count = 3
    XCTAssertEqual(copy.child?.count, 2, "presentation state has value semantics")
    XCTAssertNotEqual(copy, state)

    struct Coded: Codable, Equatable { @PresentationState var value: Int? }
    let data = try JSONEncoder().encode(Coded(value: 5))
    XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"value":5}"#)
    XCTAssertEqual(try JSONDecoder().decode(Coded.self, from: data), Coded(value: 5))
    let empty = try JSONEncoder().encode(Coded(value: nil))
    XCTAssertEqual(try JSONDecoder().decode(Coded.self, from: empty), Coded(value: nil))
  }

  func testAChildPresentInTheInitialStateCanDismissItself() async {
    var initial = Parent.State()
    initial.child = Child.State(id: 8)
    let store = TestStore(initialState: initial) { Parent() }
    await store.send(.child(.presented(.closeButtonTapped))) {
      $0.log = ["parent saw closeButtonTapped with count 0"]
    }
    await store.receive(.child(.dismiss)) {
      $0.log.append("parent saw dismiss with child 8")
      $0.child = nil
    }
    await store.finish()
  }

  func testAChildPresentedAgainWithTheSameIdentityCanDismissItselfAgain() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    for round in 1...2 {
      await store.send(.present(id: 1)) { $0.child = Child.State(id: 1) }
      await store.send(.child(.presented(.closeButtonTapped))) {
        $0.log.append("parent saw closeButtonTapped with count 0")
      }
      await store.receive(.child(.dismiss)) {
        $0.log.append("parent saw dismiss with child 1")
        $0.child = nil
      }
      XCTAssertEqual(store.state.log.count, round * 2)
    }
    await store.finish()
  }
}
