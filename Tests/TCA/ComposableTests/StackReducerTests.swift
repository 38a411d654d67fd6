import Composable
import XCTest

final class StackReducerTests: XCTestCase {
  struct Screen: Reducer {
    struct State: Equatable, Codable, Hashable { var count = 0 }
    enum Action: Equatable { case increment, startTimer, tick, closeButtonTapped }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.dismiss) var dismiss

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

  struct Feature: Reducer {
    struct State: Equatable {
      var path = StackState<Screen.State>()
      var log: [String] = []
    }
    enum Action: Equatable {
      case path(StackAction<Screen.State, Screen.Action>)
      case pushThree
      case popToRoot
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .path(.element(let id, let elementAction)):
          state.log.append("\(id) \(elementAction) count \(state.path[id: id]?.count ?? -1)")
          return .none
        case .path(.popFrom(let id)):
          state.log.append("pop \(id) while \(state.path.ids.count) on stack")
          return .none
        case .path(.push(let id, _)):
          state.log.append("push \(id) with \(state.path.ids.count) on stack")
          return .none
        case .pushThree:
          state.path.append(Screen.State())
          state.path.append(Screen.State(count: 1))
          state.path.append(Screen.State(count: 2))
          return .none
        case .popToRoot:
          state.path.removeAll()
          return .none
        }
      }
      .forEach(\.path, action: /Action.path) { Screen() }
    }
  }

  func testIDsAreGeneratedInOrderAndMatchInExpectations() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.pushThree) {
      $0.path.append(Screen.State())
      $0.path.append(Screen.State(count: 1))
      $0.path.append(Screen.State(count: 2))
    }
    XCTAssertEqual(store.state.path.ids, [0, 1, 2])
    XCTAssertEqual(store.state.path.ids.map(\.description), ["#0", "#1", "#2"])
    await store.send(.popToRoot) { $0.path.removeAll() }
    await store.send(.pushThree) {
      $0.path.append(Screen.State())
      $0.path.append(Screen.State(count: 1))
      $0.path.append(Screen.State(count: 2))
    }
    XCTAssertEqual(store.state.path.ids, [3, 4, 5], "ids are never reused")
    await store.finish()
  }

  func testElementActionRunsTheElementFirst() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.pushThree) {
      $0.path.append(Screen.State())
      $0.path.append(Screen.State(count: 1))
      $0.path.append(Screen.State(count: 2))
    }
    await store.send(.path(.element(id: 1, action: .increment))) {
      $0.path[id: 1]?.count = 2
      $0.log = ["#1 increment count 2"]
    }
    await store.finish()
  }

  func testPopFromRunsTheParentFirstThenPopsEverythingAbove() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.pushThree) {
      $0.path.append(Screen.State())
      $0.path.append(Screen.State(count: 1))
      $0.path.append(Screen.State(count: 2))
    }
    await store.send(.path(.popFrom(id: 1))) {
      $0.log = ["pop #1 while 3 on stack"]
      $0.path.pop(from: 1)
    }
    XCTAssertEqual(store.state.path.ids, [0])
    await store.finish()
  }

  func testPushInsertsThenRunsTheParent() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.path(.push(id: 0, state: Screen.State(count: 5)))) {
      $0.path[id: 0] = Screen.State(count: 5)
      $0.log = ["push #0 with 1 on stack"]
    }
    await store.finish()
  }

  func testDismissFromAnElementPopsOnlyThatElement() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.pushThree) {
      $0.path.append(Screen.State())
      $0.path.append(Screen.State(count: 1))
      $0.path.append(Screen.State(count: 2))
    }
    await store.send(.path(.element(id: 2, action: .closeButtonTapped))) {
      $0.log = ["#2 closeButtonTapped count 2"]
    }
    await store.receive(.path(.popFrom(id: 2))) {
      $0.log.append("pop #2 while 3 on stack")
      $0.path.pop(from: 2)
    }
    XCTAssertEqual(store.state.path.ids, [0, 1])
    await store.finish()
  }

  func testAnElementLeavingTheStackHasItsEffectsCancelled() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.pushThree) {
      $0.path.append(Screen.State())
      $0.path.append(Screen.State(count: 1))
      $0.path.append(Screen.State(count: 2))
    }
    await store.send(.path(.element(id: 2, action: .startTimer))) {
      $0.log = ["#2 startTimer count 2"]
    }
    await store.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 2, action: .tick))) {
      $0.path[id: 2]?.count = 12
      $0.log.append("#2 tick count 12")
    }
    await store.send(.popToRoot) { $0.path.removeAll() }
    await store.advance(by: .seconds(10))
    XCTAssertEqual(store.clock.sleeperCount, 0, "the popped element's timer still sleeps")
    await store.finish()
  }

  /// A stack element that presents a sheet of its own: navigation inside navigation.
  struct Editor: Reducer {
    struct State: Equatable {
      @PresentationState var sheet: Screen.State?
      var notes = 0
    }
    enum Action: Equatable {
      case sheet(PresentationAction<Screen.Action>)
      case openSheet
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .openSheet:
          state.sheet = Screen.State(count: 100)
        case .sheet(.presented(.increment)):
          state.notes += 1
        case .sheet:
          break
        }
        return .none
      }
      .ifLet(\.$sheet, action: /Action.sheet) { Screen() }
    }
  }

  struct Editors: Reducer {
    struct State: Equatable { var path = StackState<Editor.State>() }
    enum Action: Equatable { case path(StackAction<Editor.State, Editor.Action>) }
    var body: some ReducerOf<Self> {
      EmptyReducer().forEach(\.path, action: /Action.path) { Editor() }
    }
  }

  func testASheetInsideAnElementIsTornDownWithTheElement() async {
    let store = TestStore(initialState: Editors.State(path: StackState([Editor.State()]))) {
      Editors()
    }
    await store.send(.path(.element(id: 0, action: .openSheet))) {
      $0.path[id: 0]?.sheet = Screen.State(count: 100)
    }
    await store.send(.path(.element(id: 0, action: .sheet(.presented(.increment))))) {
      $0.path[id: 0]?.sheet?.count = 101
      $0.path[id: 0]?.notes = 1
    }
    await store.send(.path(.element(id: 0, action: .sheet(.presented(.startTimer)))))
    await store.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .sheet(.presented(.tick))))) {
      $0.path[id: 0]?.sheet?.count = 111
    }
    // Popping the element cancels the timer its sheet started, two levels down.
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await store.advance(by: .seconds(10))
    XCTAssertEqual(store.clock.sleeperCount, 0, "the popped element's sheet still ticks")
    await store.finish()
  }

  func testDismissInsideASheetInsideAnElementDismissesOnlyTheSheet() async {
    let store = TestStore(initialState: Editors.State(path: StackState([Editor.State()]))) {
      Editors()
    }
    await store.send(.path(.element(id: 0, action: .openSheet))) {
      $0.path[id: 0]?.sheet = Screen.State(count: 100)
    }
    await store.send(.path(.element(id: 0, action: .sheet(.presented(.closeButtonTapped)))))
    await store.receive(.path(.element(id: 0, action: .sheet(.dismiss)))) {
      $0.path[id: 0]?.sheet = nil
    }
    XCTAssertEqual(store.state.path.ids, [0], "the element stays on the stack")
    await store.finish()
  }

  func testActionsForMissingIDsAreRuntimeWarnings() {
    let warnings = Warnings()
    let store = Store(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.issueReporter = warnings.reporter
    }
    store.send(.path(.element(id: 42, action: .increment)))
    store.send(.path(.popFrom(id: 42)))
    XCTAssertEqual(warnings.messages.count, 2, "\(warnings.messages)")
    XCTAssertTrue(warnings.messages[0].contains("received an action for a missing element"))
    XCTAssertTrue(
      warnings.messages[1].contains("received a \"popFrom\" action for a missing element"))
    XCTAssertEqual(store.state.path.ids, [])
  }

  func testStackStateOperations() throws {
    var stack = withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: { () -> StackState<Int> in
      var stack = StackState<Int>()
      stack.append(10)
      stack.append(20)
      stack.append(30)
      stack.append(40)
      return stack
    }
    XCTAssertEqual(Array(stack), [10, 20, 30, 40])
    XCTAssertEqual(Array(zip(stack.ids, stack)).map(\.1), [10, 20, 30, 40])
    XCTAssertEqual(stack[id: 1], 20)
    stack[id: 1]? += 1
    XCTAssertEqual(stack[1], 21)
    stack.pop(to: 2)
    XCTAssertEqual(stack.ids, [0, 1, 2])
    stack.removeLast()
    XCTAssertEqual(stack.ids, [0, 1])
    stack[id: 0] = nil
    XCTAssertEqual(stack.ids, [1], "setting an element to nil removes that element alone, as TCA's")
    stack.pop(from: 1)
    XCTAssertEqual(stack.ids, [], "pop(from:) removes the element and everything above it")

    let data = try JSONEncoder().encode(StackState([1, 2]))
    XCTAssertEqual(String(decoding: data, as: UTF8.self), "[1,2]")
    XCTAssertEqual(Array(try JSONDecoder().decode(StackState<Int>.self, from: data)), [1, 2])
    XCTAssertEqual(try JSONEncoder().encode(StackElementID(generation: 3)), Data("3".utf8))
  }

  /// A saved state naming an id near the largest is refused, not a trap at a later push (found
  /// by `scripts/fuzz state-file`: a state file with it crashed the daemon at every start).
  func testTheLargestElementIDIsRefusedWhenDecoding() throws {
    struct Element: Codable, Equatable { var x: Int }
    let decoder = JSONDecoder()
    decoder.userInfo[.stackElementIDs] = true
    // Int.max traps at the next push; Int.max - 1 at the push after that.
    for id in [Int.max, Int.max - 1, StackElementID.largestDecodableGeneration + 1] {
      let data = Data(#"[{"id":\#(id),"x":1}]"#.utf8)
      XCTAssertThrowsError(try decoder.decode(StackState<Element>.self, from: data)) {
        XCTAssertTrue("\($0)".contains("stack element id \(id) is out of range"), "\($0)")
      }
    }
    // The largest allowed decodes, and reserves the ids up to it in its store's own generator
    // (not the process-wide default that later tests share).
    let generator = StackElementIDGenerator()
    let largest = StackElementID.largestDecodableGeneration
    let stack = try withDependencies {
      $0.stackElementID = generator
    } operation: {
      try decoder.decode(StackState<Element>.self, from: Data(#"[{"id":\#(largest),"x":1}]"#.utf8))
    }
    XCTAssertEqual(stack.ids, [StackElementID(generation: largest)])
    XCTAssertEqual(generator().generation, largest + 1)
  }

  func testAnElementInTheInitialStackCanDismissItself() async {
    let initial = withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      Feature.State(path: StackState([Screen.State(), Screen.State(count: 1)]))
    }
    let store = TestStore(initialState: initial) { Feature() }
    await store.send(.path(.element(id: 0, action: .closeButtonTapped))) {
      $0.log = ["#0 closeButtonTapped count 0"]
    }
    await store.receive(.path(.popFrom(id: 0))) {
      $0.log.append("pop #0 while 2 on stack")
      $0.path.pop(from: 0)
    }
    await store.finish()
  }

  func testAMismatchedStackIsReportedAsADiffKeyedByID() async {
    let warnings = Warnings()
    let store = TestStore(
      initialState: Feature.State(), reducer: { Feature() }, reporter: warnings.reporter)
    await store.send(.pushThree) {
      $0.path.append(Screen.State())
      $0.path.append(Screen.State(count: 9))
      $0.path.append(Screen.State(count: 2))
    }
    XCTAssertEqual(warnings.messages.count, 1)
    let message = warnings.messages.first ?? ""
    XCTAssertTrue(message.hasPrefix("A state change does not match expectation"), message)
    XCTAssertTrue(message.contains("−       count: 9"), message)
    XCTAssertTrue(message.contains("+       count: 1"), message)
    XCTAssertTrue(message.contains("#1: StackReducerTests.Screen.State("), message)
  }
}
