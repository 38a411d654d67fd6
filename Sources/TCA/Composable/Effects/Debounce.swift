// `Effect.debounce`: start an effect after a quiet period, on a clock or the main-queue scheduler.

extension Effect {
  /// Returns an effect that starts after `duration` of quiet: each new debounced effect with the
  /// same `id` cancels the one waiting before it.
  public func debounce<C: Clock>(
    id: some Hashable & Sendable,
    for duration: C.Duration,
    clock: C,
    tolerance: C.Duration? = nil
  ) -> Self where C.Duration: Sendable {
    let wait = Effect.run { _ in try await clock.sleep(for: duration, tolerance: tolerance) }
    return wait.concatenate(with: self).cancellable(id: id, cancelInFlight: true)
  }

  /// Returns an effect that starts after `duration` of quiet on `scheduler`, as TCA's
  /// scheduler-based `debounce`.
  public func debounce(
    id: some Hashable & Sendable, for duration: SchedulerStride, scheduler: MainQueueScheduler
  ) -> Self {
    let wait = Effect.run { _ in try await scheduler.sleep(for: duration) }
    return wait.concatenate(with: self).cancellable(id: id, cancelInFlight: true)
  }
}
