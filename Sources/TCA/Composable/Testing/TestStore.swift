// TestStore: exhaustive tests of a reducer, its state changes and the actions its effects send.

import Foundation
import Synchronization

/// How strictly a ``TestStore`` checks: every change and action (`.on`), or only what the test
/// asserts (`.off`).
public enum Exhaustivity: Sendable, Equatable {
  /// Every state change, received action and running effect must be asserted.
  case on
  /// Only the asserted parts are checked; skipped ones are listed when `showSkippedAssertions`.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without listing what was skipped.
  public static let off = Self.off(showSkippedAssertions: false)
}

/// A store for tests that checks, step by step, how state changes and which actions effects send.
///
/// Exhaustive by default, as TCA's `TestStore`: every `send` must describe the state change it
/// causes, every action an effect sends must be `receive`d, and every effect must have finished by
/// ``finish(timeout:file:line:)`` (or when the store is released). Failures go to an
/// ``IssueReporter``: XCTest and Swift Testing adapters live in `ComposableTesting`; the Lua layer
/// brings its own. The engine itself does not depend on any test framework.
///
/// navd's test store owns a virtual clock, ``clock``, installed as the `continuousClock`,
/// `suspendingClock` and `mainQueue` dependencies unless the test overrides them; ``advance(by:)``
/// moves it. (TCA leaves clocks unimplemented until the test provides one.)
public final class TestStore<State, Action>: @unchecked Sendable {
  /// Whether two states are the same: `==`, or what a host that compares encoded forms gives.
  private let isEqual: (State, State) -> Bool
  let store: Store<State, TestAction<Action>>
  /// The store's root, whose dependencies ``dependencies`` reads and replaces.
  private let root: StoreRoot<State, TestAction<Action>>
  /// Set when the feature dismisses itself at the root (``isDismissed``).
  private let dismissal: DismissalFlag
  let recorder: TestRecorder<State, Action>
  private let reporter: IssueReporter
  let lock = NSRecursiveLock()
  var expectedState: State
  /// The values of the shared references in ``expectedState`` that the test last agreed to.
  var expectedShared: SharedValues
  private var finished = false
  private let origin: SourceLocation

  /// The virtual clock the store's time dependencies run on unless overridden.
  public let clock: TestClock<Duration>

  /// Whether every change must be asserted; ``Exhaustivity/on`` by default.
  public var exhaustivity: Exhaustivity {
    get { lock.withLock { _exhaustivity } }
    set { lock.withLock { _exhaustivity = newValue } }
  }
  private var _exhaustivity: Exhaustivity = .on

  /// How long ``receive(_:timeout:assert:file:line:)`` and ``finish(timeout:file:line:)`` wait
  /// for effects, by default.
  public var timeout: Duration = .seconds(1)

  /// The state as the test last asserted it (or skipped to): after the last `send`, or the last
  /// `receive`, as TCA's; actions effects sent since, not yet received, are not in it.
  public var state: State { lock.withLock { currentState } }

  /// What ``state`` gives: the state after the last send (set before its assertion runs, so the
  /// assertion can read what the reducer generated), or the last received action once asserted.
  var currentState: State

  /// The dependencies the store runs with; set one between sends
  /// (`store.dependencies.apiClient = .failing`) and the next sends run with it, while effects
  /// already running keep theirs, as in TCA.
  public var dependencies: DependencyValues {
    get { root.dependencies }
    set { root.replaceDependencies { $0 = newValue } }
  }

  /// Whether the feature dismissed itself at the root: called `@Dependency(\.dismiss)` with
  /// nothing above it to dismiss it (a test of a feature presented in the app).
  public var isDismissed: Bool { dismissal.isSet.load(ordering: .acquiring) }

  /// Runs `operation` with ``exhaustivity`` set to `exhaustivity`, then restores it.
  public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity, operation: () throws -> R
  ) rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try operation()
  }

  /// Runs `operation`, which awaits, with ``exhaustivity`` set to `exhaustivity`, then restores
  /// it.
  nonisolated(nonsending) public func withExhaustivity<R>(
    _ exhaustivity: Exhaustivity, operation: nonisolated(nonsending) () async throws -> R
  ) async rethrows -> R {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try await operation()
  }

  /// Creates a test store running `reducer` from `initialState`.
  ///
  /// Dependencies resolve in the test context; `prepareDependencies` overrides them. Failures go
  /// to `reporter`, or to the reporter in force (`\.issueReporter`) when it is `nil`.
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    reporter: IssueReporter? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) where State: Equatable {
    self.init(
      initialState: initialState(), isEqual: ==, reducer: reducer,
      withDependencies: prepareDependencies, reporter: reporter, file: file, line: line)
  }

  /// Creates a test store running the reducer `reducer` returns, whose type decides the state's
  /// (`TestStore(initialState: .init()) { Feature() }`): TCA's form, a plain closure rather than
  /// a reducer builder, for when the state's type is known only from the reducer.
  @_disfavoredOverload
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where State: Equatable {
    self.init(
      initialState: initialState(), isEqual: ==, reducer: { reducer() },
      withDependencies: prepareDependencies, reporter: nil, file: filePath, line: line)
  }

  /// Creates a test store whose states compare with `isEqual`: for hosts whose state need not be
  /// `Equatable` (navd's Lua layer compares encoded forms).
  package init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    isEqual: @escaping (State, State) -> Bool,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    reporter: IssueReporter? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    self.isEqual = isEqual
    let clock = TestClock<Duration>()
    var dependencies = DependencyValues.current
    dependencies.context = .test
    let reporter = reporter ?? dependencies.issueReporter
    dependencies.issueReporter = reporter
    dependencies.continuousClock = clock
    dependencies.suspendingClock = clock
    dependencies.mainQueue = MainQueueScheduler(clock: clock)
    dependencies.stackElementID = StackElementIDGenerator()
    // A feature tested on its own that dismisses itself is dismissed, not warned about.
    let dismissal = DismissalFlag()
    dependencies.dismiss = DismissEffect { dismissal.dismiss() }
    prepareDependencies(&dependencies)
    // The test's storages for shared state, kept: reducers and effects run on other tasks.
    dependencies.defaultInMemoryStorage = dependencies.defaultInMemoryStorage
    dependencies.defaultFileStorage = dependencies.defaultFileStorage
    dependencies.defaultAppStorage = dependencies.defaultAppStorage
    let recorder = TestRecorder<State, Action>()
    let resolved = dependencies
    let (initial, base) = DependencyValues.withTaskAndThread(resolved) {
      (initialState(), reducer())
    }
    self.clock = clock
    self.recorder = recorder
    self.reporter = reporter
    self.expectedState = initial
    self.currentState = initial
    self.expectedShared = SharedValues(in: initial)
    self.origin = SourceLocation(file: file, line: line)
    let root = StoreRoot(
      initialState: initial, reducer: TestReducer(base: base, recorder: recorder),
      dependencies: resolved)
    self.root = root
    self.dismissal = dismissal
    self.store = Store(root: root)
    // Dismissed at the root, as TCA's test store: the feature's effects end, and no more can
    // be sent.
    let store = self.store
    dismissal.onDismiss { store.cancelAllEffects() }
    SharedTesting.beginWatching()
  }

  deinit {
    if !finished { completed(location: origin) }
    SharedTesting.endWatching()
  }

  // MARK: - Sending

  /// Sends `action` and checks the state change against `updateStateToExpectedResult`, which
  /// mutates a copy of the previous state into the expected one.
  @discardableResult
  nonisolated(nonsending) public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    file: StaticString = #filePath,
    line: UInt = #line
  ) async -> TestStoreTask {
    let task = send(
      action, assert: updateStateToExpectedResult, location: SourceLocation(file: file, line: line))
    await store.settle(timeout: timeout)
    return task
  }

  /// Sends from synchronous code and blocks until the effects it started have settled: the
  /// driver for hosts that cannot await, such as a Lua script.
  @discardableResult
  public func sendBlocking(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    location: SourceLocation
  ) -> TestStoreTask {
    let task = send(action, assert: updateStateToExpectedResult, location: location)
    store.settleBlocking(timeout: timeout)
    return task
  }

  private func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)?,
    location: SourceLocation
  ) -> TestStoreTask {
    lock.lock()
    defer { lock.unlock() }
    if isDismissed {
      fail("Can't send action to dismissed test store.", location)
      return TestStoreTask(rawValue: StoreTask(), timeout: timeout)
    }
    let pending = recorder.received
    if exhaustivity == .on, !pending.isEmpty {
      fail(
        """
        Must handle \(pending.count) received \(pending.count == 1 ? "action" : "actions") \
        before sending an action.

        Unhandled actions: \(StateDump.render(pending.map(\.action)))
        """, location)
    } else if !pending.isEmpty {
      // Non-exhaustive: actions received so far are skipped.
      skipReceived(count: pending.count)
    }
    let task = store.send(TestAction(origin: .send, action: action))
    let sent = recorder.lastSent
    let actual = sent?.state ?? store.state
    let actualShared = sent?.shared ?? SharedValues(in: actual)
    currentState = actual
    expect(
      updateStateToExpectedResult, previous: expectedState, actual: actual,
      actualShared: actualShared, location: location,
      mismatchHeading: "A state change does not match expectation",
      nextStackElementID: sent?.nextStackElementID)
    expectedState = actual
    expectedShared = expectedShared.updated(with: actualShared)
    return TestStoreTask(rawValue: task, timeout: timeout)
  }

  // MARK: - Time

  /// Moves the store's virtual clock forward, running effects that fall due, each wake-up
  /// settled before the next.
  nonisolated(nonsending) public func advance(by duration: Duration = .zero) async {
    let store = self.store
    let timeout = self.timeout
    await clock.advance(by: duration) { await store.settle(timeout: timeout) }
  }

  /// Moves the virtual clock forward from synchronous code, blocking while effects run.
  public func advanceBlocking(by duration: Duration) {
    clock.advanceBlocking(to: clock.now.advanced(by: duration)) {
      store.settleBlocking(timeout: timeout)
    }
  }

  /// Blocks until the store's effects have settled, or the timeout passes.
  @discardableResult
  public func settleBlocking() -> Bool { store.settleBlocking(timeout: timeout) }

  // MARK: - Ending

  /// Waits for every effect to finish, then fails for each one still running and for actions
  /// not received.
  nonisolated(nonsending) public func finish(
    timeout: Duration? = nil, file: StaticString = #filePath, line: UInt = #line
  ) async {
    await store.settle(timeout: timeout ?? self.timeout)
    let deadline = ContinuousClock.now + (timeout ?? self.timeout)
    while !store.inFlightEffects.isEmpty, ContinuousClock.now < deadline {
      await Self.pause()
    }
    completed(location: SourceLocation(file: file, line: line))
  }

  /// The synchronous end-of-test check: fails for unreceived actions and running effects.
  public func completed(location: SourceLocation) {
    lock.lock()
    defer { lock.unlock() }
    guard !finished else { return }
    finished = true
    guard exhaustivity == .on else {
      // Non-exhaustive: what was received is skipped, and what runs is cancelled.
      skipReceived(count: recorder.received.count)
      store.cancelAllEffects()
      return
    }
    let pending = recorder.received
    if !pending.isEmpty {
      fail(
        """
        The store received \(pending.count) unexpected \
        \(pending.count == 1 ? "action" : "actions").

          Unhandled actions:
        \(pending.map { "    " + StateDump.render($0.action) }.joined(separator: "\n"))

        To fix, explicitly assert against these actions using "store.receive", skip these actions \
        by performing "await store.skipReceivedActions()", or consider using a non-exhaustive test \
        store: "store.exhaustivity = .off".
        """, location)
    }
    for action in store.inFlightEffects {
      fail(
        """
        An effect returned for this action is still running. It must complete before the end of \
        the test.

          Action:
            \(action)

        To fix, inspect any effects the reducer returns for this action and ensure that all of \
        them complete by the end of the test. There are a few reasons why an effect may not have \
        completed: a long-living effect (a timer, a stream) that was never cancelled, or time that \
        was never advanced on the test clock.
        """, location)
    }
    store.cancelAllEffects()
  }

  /// Drops every action received so far, so exhaustive tests can move on without asserting them.
  nonisolated(nonsending) public func skipReceivedActions(
    strict: Bool = true, file: StaticString = #filePath, line: UInt = #line
  ) async {
    await store.settle(timeout: timeout)
    dropReceivedActions(strict: strict, location: SourceLocation(file: file, line: line))
  }

  /// Drops the actions received so far, moving the expected state past them: the part of
  /// skipping that does not wait.
  func dropReceivedActions(strict: Bool, location: SourceLocation) {
    lock.withLock {
      let pending = recorder.received
      if pending.isEmpty {
        if strict { fail("There were no received actions to skip.", location) }
        return
      }
      skipReceived(count: pending.count)
    }
  }

  /// Whether the end-of-test checks have run.
  public var isFinished: Bool { lock.withLock { finished } }

  /// Cancels every effect still running, so exhaustive tests can end without waiting for them.
  nonisolated(nonsending) public func skipInFlightEffects(
    strict: Bool = true, file: StaticString = #filePath, line: UInt = #line
  ) async {
    let deadline = cancelInFlightEffects(
      strict: strict, location: SourceLocation(file: file, line: line))
    while !store.inFlightEffects.isEmpty, ContinuousClock.now < deadline { await Self.pause() }
  }

  /// Cancels the effects still running (failing first when there are none and `strict`), and
  /// returns how long to wait for them to end: the part of skipping that does not wait.
  func cancelInFlightEffects(
    strict: Bool, location: SourceLocation
  ) -> ContinuousClock.Instant {
    if strict, store.inFlightEffects.isEmpty {
      fail("There were no in-flight effects to skip.", location)
    }
    store.cancelAllEffects()
    return ContinuousClock.now + timeout
  }

  /// Asserts the current state without sending an action, as TCA's `assert(_:)`.
  public func assert(
    _ updateStateToExpectedResult: (_ state: inout State) throws -> Void,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    withoutActuallyEscaping(updateStateToExpectedResult) { update in
      lock.withLock {
        let actual = store.state
        let actualShared = SharedValues(in: actual)
        expect(
          update, previous: expectedState, actual: actual, actualShared: actualShared,
          location: SourceLocation(file: file, line: line),
          mismatchHeading: "A state change does not match expectation", checksChange: false)
        expectedState = actual
        currentState = actual
        expectedShared = expectedShared.updated(with: actualShared)
      }
    }
  }

  /// The descriptions of the actions whose effects are still running.
  public var inFlightEffects: [String] { store.inFlightEffects }

  // MARK: - Checking

  /// Checks `update` applied to `previous` against `actual`.
  ///
  /// `update` runs with the store's dependencies and a stack element id generator positioned
  /// where the reducer's was (`nextStackElementID`), so `state.path.append(…)` in the expected
  /// state gets the ids the reducer gave.
  func expect(
    _ update: ((inout State) throws -> Void)?,
    previous: State,
    actual: State,
    actualShared: SharedValues,
    location: SourceLocation,
    mismatchHeading: String,
    nextStackElementID: Int? = nil,
    checksChange: Bool = true
  ) {
    // Shared values are references: the expected side reads (and its `withLock`s write) the
    // values the store last agreed to, the actual side those the action left (SharedTesting).
    let sides = SharedTesting.Sides(
      expected: exhaustivity == .on ? expectedShared : expectedShared.updated(with: actualShared),
      actual: actualShared)
    var expected = previous
    if case .off = exhaustivity { expected = actual }
    let sharedChanged = exhaustivity == .on && expectedShared.differs(from: actualShared)
    var values = dependencies
    if let nextStackElementID {
      values.stackElementID = StackElementIDGenerator(startingAt: nextStackElementID)
    }
    do {
      try SharedTesting.withSides(sides) {
        try SharedTesting.withMode(.expected) {
          try DependencyValues.withTaskAndThread(values) { try update?(&expected) }
        }
      }
    } catch {
      fail("Threw error: \(error)", location)
      return
    }
    let matches = SharedTesting.withSides(sides) {
      SharedTesting.withMode(.comparing) { isEqual(expected, actual) }
    }
    if matches {
      if checksChange, update != nil, exhaustivity == .on, !sharedChanged,
        isEqual(expected, previous),
        isEqual(previous, actual)
      {
        fail(
          """
          Expected state to change, but no change occurred.

          The trailing closure made no observable modifications to state. If no change to state \
          is expected, omit the trailing closure.
          """, location)
      }
      return
    }
    let (expectedDump, actualDump) = SharedTesting.withSides(sides) {
      (
        SharedTesting.withMode(.expected) { StateDump.render(expected) },
        SharedTesting.withMode(.actual) { StateDump.render(actual) }
      )
    }
    let diff = LineDiff.render(expected: expectedDump, actual: actualDump) ?? ""
    let heading =
      update == nil ? "State was not expected to change, but a change occurred" : mismatchHeading
    fail(
      """
      \(heading).

      \(diff.indented(by: 4))

      (Expected: −, Actual: +)
      """, location)
  }

  func fail(_ message: String, _ location: SourceLocation) {
    reporter.report(message, location)
  }

  static func pause() async {
    await Task.yield()
    try? await Task.sleep(nanoseconds: 200_000)
  }
}

/// Whether a test store's feature dismissed itself at the root.
private final class DismissalFlag: @unchecked Sendable {
  let isSet = Atomic<Bool>(false)
  let lock = NSLock()
  private var action: (@Sendable () -> Void)?

  /// Runs `action` when the feature dismisses itself.
  func onDismiss(_ action: @escaping @Sendable () -> Void) {
    lock.withLock { self.action = action }
  }

  /// The feature dismissed itself: set, then run the action.
  func dismiss() {
    isSet.store(true, ordering: .releasing)
    lock.withLock { action }?()
  }
}
