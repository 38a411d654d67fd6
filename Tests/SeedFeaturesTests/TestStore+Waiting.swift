import Composable

extension TestStore {
  /// Waits until at least `count` tasks sleep on the store's clock, or a second has passed.
  ///
  /// `send` returns before the effects it started have run, so a test that advances the clock
  /// (or cancels) right away can get ahead of a timer that has not started sleeping yet. Tests
  /// call this after starting a timer to keep their outcome independent of thread scheduling.
  func waitForSleepers(count: Int = 1) async {
    let deadline = ContinuousClock.now + .seconds(1)
    while clock.sleeperCount < count, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
  }

  /// Waits until effects have sent at least `count` actions the test has not received yet, or
  /// a second has passed.
  ///
  /// A test that means to leave actions unreceived uses it so the mistake it shows does not
  /// depend on how fast an effect's task runs.
  func waitForReceivedActions(count: Int) async {
    let deadline = ContinuousClock.now + .seconds(1)
    while receivedActions.count < count, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
  }
}
