// Expected issues as TCA's tests write them: `withExpectedIssue` and `XCTExpectFailure` take the
// issues navd reports inside them (a test store's failures included) instead of failing the
// test, and fail it when none comes.

import ComposableArchitecture
import Testing

@Reducer
private struct Toggle {
  @ObservableState
  struct State: Equatable { var isOn = false }
  enum Action: Equatable { case flip }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.isOn.toggle()
      return .none
    }
  }
}

@MainActor
@Suite
struct ExpectedIssueTests {
  @Test func anExpectedIssueFailsNothing() {
    withExpectedIssue("reported on purpose") {
      reportIssue("boom")
    }
  }

  @Test func aTestStoresFailureInsideIsExpected() async {
    let store = TestStore(initialState: Toggle.State()) { Toggle() }
    await withExpectedIssue {
      await store.send(.flip) { $0.isOn = false }
    }
  }

  @Test func noIssueWhereOneWasExpectedFails() {
    withKnownIssue {
      withExpectedIssue {}
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("Known issue was not recorded")
    }
    withExpectedIssue(isIntermittent: true) {}
  }

  @Test func xctExpectFailureMatchesByCompactDescription() async {
    let store = TestStore(initialState: Toggle.State()) { Toggle() }
    await XCTExpectFailure {
      await store.send(.flip)
    } issueMatcher: {
      $0.compactDescription.hasPrefix("failed - State was not expected to change")
    }
    XCTExpectFailure(strict: false) {}
  }

  @Test func anIssueTheMatcherRefusesStillFails() {
    withKnownIssue {
      XCTExpectFailure {
        reportIssue("something else")
      } issueMatcher: {
        $0.compactDescription.contains("what was expected")
      }
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.contains("something else") || text.contains("Known issue was not recorded")
    }
  }

  @Test func xctExpectFailureWithoutABlockHoldsForTheRestOfTheTest() async {
    let store = TestStore(initialState: Toggle.State()) { Toggle() }
    XCTExpectFailure {
      $0.compactDescription.contains("does not match expectation")
    }
    await store.send(.flip) { $0.isOn = false }
    await store.send(.flip) { $0.isOn = true }
  }

  @Test func anotherTestIsNotCoveredByItsExpectation() async {
    // Each test is a task of its own: an expectation held by another test's task does not
    // reach this one, so this wrong expectation fails as usual.
    let store = TestStore(initialState: Toggle.State()) { Toggle() }
    await withKnownIssue {
      await store.send(.flip) { $0.isOn = false }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("does not match expectation")
    }
  }

  @Test func anExpectedIssueKnowsWhereItWasReported() async {
    let store = TestStore(initialState: Toggle.State()) { Toggle() }
    let line = #line + 2
    await XCTExpectFailure {
      await store.send(.flip) { $0.isOn = false }
    } issueMatcher: {
      $0.sourceCodeContext.location?.lineNumber == line
        && $0.sourceCodeContext.location?.fileURL.lastPathComponent == "ExpectedIssueTests.swift"
    }
  }
}
