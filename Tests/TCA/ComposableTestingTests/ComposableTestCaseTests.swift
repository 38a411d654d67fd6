import ComposableTesting
import XCTest

/// Checks that `ComposableTestCase` routes test store failures to XCTest, by capturing what it
/// records instead of failing this test.
final class ComposableTestCaseTests: ComposableTestCase {
  private var recorded: [(description: String, file: String, line: Int)] = []

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    recorded.append((description, filePath, lineNumber))
  }

  private struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable { case increment }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  func testTestStoreFailuresAreRecordedAtTheCallingLine() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.increment) { $0.count = 2 }; let line = #line

    XCTAssertEqual(recorded.count, 1)
    let failure = try? XCTUnwrap(recorded.first)
    XCTAssertTrue(
      failure?.description.hasPrefix("A state change does not match expectation") ?? false,
      failure?.description ?? "")
    XCTAssertEqual(failure?.line, line)
    XCTAssertTrue(failure?.file.hasSuffix("ComposableTestCaseTests.swift") ?? false)
  }

  func testRuntimeWarningsInAPlainStoreAreRecorded() async {
    let store = Store(initialState: 0) {
      Reduce<Int, Counter.Action> { _, _ in
        .run { _ in
          struct Failure: Error {}
          throw Failure()
        }
      }
    }
    await store.send(.increment).finish()
    XCTAssertEqual(recorded.count, 1)
    XCTAssertTrue(recorded.first?.description.contains("threw an unhandled error") ?? false)
  }
}
