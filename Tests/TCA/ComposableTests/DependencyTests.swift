import Composable
import Foundation
import XCTest

private enum NumberKey: DependencyKey {
  static let liveValue = 1
  static let testValue = 2
  static let previewValue = 3
}

private enum LiveOnlyKey: DependencyKey {
  static let liveValue = "live"
}

private enum LiveAndTestKey: DependencyKey {
  static let liveValue = "live"
  static let testValue = "test"
}

private struct GreetingClient: TestDependencyKey, Sendable {
  var greet: @Sendable (String) -> String
  static let testValue = GreetingClient { "test: \($0)" }
}

extension DependencyValues {
  fileprivate var number: Int {
    get { self[NumberKey.self] }
    set { self[NumberKey.self] = newValue }
  }
  fileprivate var liveOnly: String {
    get { self[LiveOnlyKey.self] }
    set { self[LiveOnlyKey.self] = newValue }
  }
  fileprivate var liveAndTest: String {
    get { self[LiveAndTestKey.self] }
    set { self[LiveAndTestKey.self] = newValue }
  }
}

private struct Model {
  @Dependency(\.number) var number
  @Dependency(\.liveOnly) var liveOnly
  @Dependency(\.uuid) var uuid
  @Dependency(\.date) var date
  @Dependency(GreetingClient.self) var greeting
}

final class DependencyTests: XCTestCase {
  // MARK: - Reading and scoping

  func testDependencyReadsTheValuesInForce() {
    let model = Model()
    XCTAssertEqual(model.number, 1, "live by default")

    withDependencies {
      $0.number = 42
    } operation: {
      XCTAssertEqual(model.number, 42)
      XCTAssertEqual(Model().number, 42)
    }
    XCTAssertEqual(model.number, 1, "restored after the scope")
  }

  func testNestedSynchronousScopesLayerAndRestore() {
    let model = Model()
    let result = withDependencies {
      $0.number = 10
      $0.liveOnly = "outer"
    } operation: {
      let inner = withDependencies {
        $0.number += 5
      } operation: {
        (model.number, model.liveOnly)
      }
      XCTAssertEqual(model.number, 10)
      return inner
    }
    XCTAssertEqual(result.0, 15, "the inner scope starts from the outer one")
    XCTAssertEqual(result.1, "outer")
    XCTAssertEqual(model.number, 1)
    XCTAssertEqual(model.liveOnly, "live")
  }

  func testAsyncScopesSurviveSuspensionAndReachChildTasks() async {
    let model = Model()
    let seen = await withDependencies {
      $0.number = 7
    } operation: { () async -> [Int] in
      await Task.yield()
      let afterSuspension = model.number
      async let child = Model().number
      let unstructured = await Task { Model().number }.value
      let grouped = await withTaskGroup(of: Int.self) { group in
        group.addTask { Model().number }
        return await group.next() ?? 0
      }
      return [afterSuspension, await child, unstructured, grouped]
    }
    XCTAssertEqual(seen, [7, 7, 7, 7])
    XCTAssertEqual(model.number, 1, "restored after the scope")
    let detached = await Task.detached { Model().number }.value
    XCTAssertEqual(detached, 1)
  }

  // MARK: - Contexts

  func testKeysResolvePerContext() {
    XCTAssertEqual(DependencyValues(context: .live).number, 1)
    XCTAssertEqual(DependencyValues(context: .test).number, 2)
    XCTAssertEqual(DependencyValues(context: .preview).number, 3)
    XCTAssertEqual(DependencyValues().context, .live)

    for (context, expected) in [(DependencyContext.live, 1), (.test, 2), (.preview, 3)] {
      let value = withDependencies {
        $0.context = context
      } operation: {
        Model().number
      }
      XCTAssertEqual(value, expected, "\(context)")
    }

    // Overrides win in every context.
    var values = DependencyValues(context: .test)
    values.number = 99
    XCTAssertEqual(values.number, 99)
  }

  func testPreviewDefaultsToLiveForADependencyKeyAndToTestForATestKey() {
    XCTAssertEqual(DependencyValues(context: .preview).liveAndTest, "live")
    XCTAssertEqual(DependencyValues(context: .test).liveAndTest, "test")
    let greeting = withDependencies {
      $0.context = .preview
    } operation: {
      Model().greeting.greet("Blob")
    }
    XCTAssertEqual(greeting, "test: Blob")
  }

  func testDependencyByKeyType() {
    let override = GreetingClient { "hi \($0)" }
    let greeting = withDependencies {
      $0[GreetingClient.self] = override
    } operation: {
      Model().greeting.greet("Blob")
    }
    XCTAssertEqual(greeting, "hi Blob")
  }

  func testMissingTestValueReportsTheKeyAndFallsBackToLive() {
    let warnings = Warnings()
    let value = withDependencies {
      $0.context = .test
      $0.issueReporter = warnings.reporter
    } operation: {
      Model().liveOnly
    }

    XCTAssertEqual(value, "live")
    XCTAssertEqual(warnings.messages.count, 1, "\(warnings.messages)")
    let message = warnings.messages.first ?? ""
    XCTAssertTrue(
      message.hasPrefix(
        "A dependency has no test implementation, but was accessed from a test context"),
      message)
    XCTAssertTrue(message.contains("LiveOnlyKey"), message)
    XCTAssertTrue(message.contains("String"), message)

    // A key with a test value reports nothing.
    let quiet = withDependencies {
      $0.context = .test
      $0.issueReporter = warnings.reporter
    } operation: {
      Model().number
    }
    XCTAssertEqual(quiet, 2)
    XCTAssertEqual(warnings.messages.count, 1)
  }

  func testMissingTestValueFailsTheTestStoreThatReadsIt() async {
    struct Feature: Reducer {
      struct State: Equatable { var value = "" }
      enum Action: Equatable { case read }
      @Dependency(\.liveOnly) var liveOnly
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.value = liveOnly
        return .none
      }
    }
    let warnings = Warnings()
    let store = TestStore(
      initialState: Feature.State(), reducer: { Feature() }, reporter: warnings.reporter)

    await store.send(.read) { $0.value = "live" }
    await store.finish()

    XCTAssertEqual(warnings.messages.count, 1, "\(warnings.messages)")
    XCTAssertTrue(warnings.messages.first?.contains("LiveOnlyKey") == true, "\(warnings.messages)")
  }

  // MARK: - Built-ins

  func testIncrementingUUIDs() {
    let uuid = UUIDGenerator.incrementing
    XCTAssertEqual(uuid(), UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
    XCTAssertEqual(uuid().uuidString, "00000000-0000-0000-0000-000000000001")
    for _ in 2..<10 { _ = uuid() }
    XCTAssertEqual(uuid().uuidString, "00000000-0000-0000-0000-00000000000A")
    for _ in 11..<16 { _ = uuid() }
    XCTAssertEqual(uuid().uuidString, "00000000-0000-0000-0000-000000000010")

    let fresh = UUIDGenerator.incrementing
    XCTAssertEqual(fresh().uuidString, "00000000-0000-0000-0000-000000000000", "its own count")
  }

  func testIncrementingUUIDsShareTheirCountThroughTheDependency() {
    let ids = withDependencies {
      $0.uuid = .incrementing
    } operation: {
      [Model().uuid(), Model().uuid(), Model().uuid()].map(\.uuidString)
    }
    XCTAssertEqual(
      ids,
      [
        "00000000-0000-0000-0000-000000000000",
        "00000000-0000-0000-0000-000000000001",
        "00000000-0000-0000-0000-000000000002",
      ])
  }

  func testConstantGenerators() {
    let date = Date(timeIntervalSince1970: 1_234_567_890)
    let generator = DateGenerator.constant(date)
    XCTAssertEqual(generator.now, date)
    XCTAssertEqual(generator(), date)

    let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    let uuid = UUIDGenerator.constant(id)
    XCTAssertEqual([uuid(), uuid()], [id, id])

    let read = withDependencies {
      $0.date = .constant(date)
    } operation: {
      Model().date.now
    }
    XCTAssertEqual(read, date)
  }

  func testUnimplementedUUIDAndDateReportUnderTest() {
    let warnings = Warnings()
    withDependencies {
      $0.context = .test
      $0.issueReporter = warnings.reporter
    } operation: {
      let model = Model()
      _ = model.uuid()
      _ = model.date.now
    }

    XCTAssertEqual(warnings.messages.count, 2, "\(warnings.messages)")
    XCTAssertTrue(warnings.messages.first?.contains(#"@Dependency(\.uuid)"#) == true)
    XCTAssertTrue(warnings.messages.last?.contains(#"@Dependency(\.date)"#) == true)
    XCTAssertTrue(warnings.messages.allSatisfy { $0.hasPrefix("Unimplemented") })
  }

  func testLiveUUIDAndDateReportNothing() {
    let warnings = Warnings()
    let ids = withDependencies {
      $0.context = .live
      $0.issueReporter = warnings.reporter
    } operation: {
      let model = Model()
      _ = model.date.now
      return [model.uuid(), model.uuid()]
    }
    XCTAssertEqual(warnings.messages, [])
    XCTAssertNotEqual(ids[0], ids[1], "live UUIDs are random")
  }
}

/// Dependencies bound while a store reduces: nested overrides and nested stores see their own
/// values, and a stack element sees its presentation, during the synchronous reduce and in its
/// effects.
final class ReduceTimeDependencyTests: XCTestCase {
  struct Reader: Reducer {
    struct State: Equatable {
      var seen: [Int] = []
      var nests = true
    }
    enum Action: Equatable { case read, record(Int) }
    @Dependency(\.number) var number
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .read:
        state.seen.append(number)
        withDependencies {
          $0.number = 40
        } operation: {
          state.seen.append(number)
        }
        guard state.nests else { return .none }
        // A store created and sent to inside this reduce binds its own dependencies.
        let inner = Store(initialState: State(nests: false)) {
          Reader()
        } withDependencies: {
          $0.number = 7
        }
        inner.send(.read)
        state.seen += inner.state.seen
        state.seen.append(number)
        return .run { [number] send in await send(.record(number)) }
      case .record(let value):
        state.seen.append(value)
        return .none
      }
    }
  }

  func testOverridesAndNestedStoresSeeTheirOwnValues() async {
    let store = Store(initialState: Reader.State()) {
      Reader()
    } withDependencies: {
      $0.number = 5
    }
    await store.send(.read).finish()
    // The outer store's value and its override; the inner store's value (which does not nest
    // further) and its override; the outer value again, and from the outer effect.
    XCTAssertEqual(store.state.seen, [5, 40, 7, 40, 5, 5])
  }

  struct Screen: Reducer {
    struct State: Equatable { var presented: Bool? }
    enum Action: Equatable { case check }
    @Dependency(\.isPresented) var isPresented
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.presented = isPresented
      return .none
    }
  }

  struct Root: Reducer {
    struct State: Equatable { var path = StackState<Screen.State>() }
    enum Action: Equatable { case path(StackAction<Screen.State, Screen.Action>), check }
    @Dependency(\.isPresented) var isPresented
    var body: some ReducerOf<Self> {
      Reduce { _, action in
        if case .check = action { XCTAssertFalse(isPresented, "the root is not presented") }
        return .none
      }
      .forEach(\.path, action: /Action.path) { Screen() }
    }
  }

  func testAStackElementIsPresentedWhileItReducesAndTheRootIsNot() {
    let store = Store(initialState: Root.State(path: StackState([Screen.State()]))) { Root() }
    let id = store.state.path.ids[0]
    store.send(.path(.element(id: id, action: .check)))
    XCTAssertEqual(store.state.path[id: id]?.presented, true)
    store.send(.check)
  }
}
