// The internals TCA's own test base class reads: the count of effects filed under cancel ids
// (one more while a cancellable effect runs, back once it ends) and the logger it switches off.
// An XCTestCase: the count is the process's, and XCTest runs one test at a time.

@_spi(Internals) @_spi(Logging) import ComposableArchitecture
import XCTest

final class TestInternalsTests: XCTestCase {
  @MainActor
  func testCancellablesCountTheEffectsFiledUnderAnID() async {
    let clock = TestClock()
    let store = Store(initialState: 0) {
      Reduce<Int, Bool> { _, start in
        start ? .run { _ in try await clock.sleep(for: .seconds(1)) }.cancellable(id: "nap") : .none
      }
    }
    let before = _cancellationCancellables.value.count
    store.send(true)
    XCTAssertEqual(_cancellationCancellables.value.count, before + 1)
    await clock.advance(by: .seconds(1))
    let deadline = ContinuousClock.now + .seconds(2)
    while _cancellationCancellables.value.count > before, ContinuousClock.now < deadline {
      await Task.yield()
    }
    XCTAssertEqual(_cancellationCancellables.value.count, before)
    Logger.shared.isEnabled = false
    Logger.shared.clear()
    XCTAssertTrue(Logger.shared.logs.isEmpty)
  }
}
