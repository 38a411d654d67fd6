import Composable
import XCTest

final class ReducerBuilderTests: XCTestCase {
  struct Log: Reducer {
    struct State: Equatable { var log: [String] = [] }
    enum Action: Equatable { case go }
    let name: String
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.log.append(name)
      return .none
    }
  }

  struct Composed: Reducer {
    typealias State = Log.State
    typealias Action = Log.Action
    var includeOptional: Bool
    var useFirst: Bool

    var body: some ReducerOf<Self> {
      Log(name: "one")
      Reduce { state, _ in
        state.log.append("two")
        return .none
      }
      if includeOptional {
        Log(name: "optional")
      }
      if useFirst {
        Log(name: "first")
      } else {
        Log(name: "second")
      }
      CombineReducers {
        Log(name: "combined-a")
        Log(name: "combined-b")
      }
      for index in 0..<2 {
        Log(name: "loop-\(index)")
      }
      EmptyReducer()
    }
  }

  func testBuilderOrderIsExecutionOrder() {
    var state = Log.State()
    _ = Composed(includeOptional: true, useFirst: true).reduce(into: &state, action: .go)
    XCTAssertEqual(
      state.log,
      ["one", "two", "optional", "first", "combined-a", "combined-b", "loop-0", "loop-1"])

    state = Log.State()
    _ = Composed(includeOptional: false, useFirst: false).reduce(into: &state, action: .go)
    XCTAssertEqual(
      state.log, ["one", "two", "second", "combined-a", "combined-b", "loop-0", "loop-1"])
  }

  func testPrimaryAssociatedTypesAndOpaqueReducers() {
    func make() -> some Reducer<Log.State, Log.Action> { Log(name: "opaque") }
    var state = Log.State()
    _ = make().reduce(into: &state, action: .go)
    XCTAssertEqual(state.log, ["opaque"])
  }

  func testEffectsOfAllPartsAreMerged() {
    struct Parent: Reducer {
      struct State: Equatable { var received: [String] = [] }
      enum Action: Equatable { case start, got(String) }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          switch action {
          case .start: return .send(.got("first"))
          case .got(let value):
            state.received.append(value)
            return .none
          }
        }
        Reduce { _, action in
          action == .start ? .send(.got("second")) : .none
        }
      }
    }
    let store = Store(initialState: Parent.State()) { Parent() }
    store.send(.start)
    XCTAssertEqual(store.state.received, ["first", "second"])
  }
}
