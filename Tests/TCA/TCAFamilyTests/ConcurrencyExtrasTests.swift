// `import ConcurrencyExtras` alone: values behind a lock and an actor, a task that never ends, the
// streams with nothing to come, and type-erased sendable keys.

import ConcurrencyExtras
import Testing

@Test func lockIsolatedCountsFromManyTasks() async {
  let count = LockIsolated(0)
  await withTaskGroup(of: Void.self) { group in
    for _ in 0..<100 {
      group.addTask { count.withValue { $0 += 1 } }
    }
  }
  #expect(count.value == 100)
  count.setValue(7)
  #expect(count.value == 7)
  #expect(count.description == "7")
  #expect(LockIsolated([1, 2]) == LockIsolated([1, 2]))
}

@Test func actorIsolatedChangesOnItsActor() async {
  let events = ActorIsolated<[String]>([])
  await events.withValue { $0.append("tapped") }
  let current = await events.value
  await events.setValue(current + ["done"])
  #expect(await events.value == ["tapped", "done"])
}

@Test func neverEndsOnlyWhenCancelled() async {
  let task = Task {
    do {
      try await Task.never()
    } catch {
      return error is CancellationError
    }
  }
  await Task.megaYield()
  task.cancel()
  #expect(await task.value)
}

@Test func finishedStreamsEndAtOnce() async throws {
  var yielded = 0
  for await _ in AsyncStream<Int>.finished { yielded += 1 }
  #expect(yielded == 0)
  struct Failure: Error {}
  await #expect(throws: Failure.self) {
    for try await _ in AsyncThrowingStream<Int, any Error>.finished(throwing: Failure()) {}
  }
}

@Test func anyHashableSendableComparesAsAnyHashable() {
  let keys: Set<AnyHashableSendable> = [AnyHashableSendable(1), AnyHashableSendable("a")]
  #expect(keys.contains(AnyHashableSendable(1)))
  #expect(AnyHashableSendable(AnyHashableSendable(2)) == AnyHashableSendable(2))
  #expect(AnyHashableSendable(1) != AnyHashableSendable("1"))
  @UncheckedSendable var box = [1]
  box.append(2)
  #expect($box.value == [1, 2])
}

@Test func withMainSerialExecutorRunsTheOperation() async {
  let ran = LockIsolated(false)
  await withMainSerialExecutor {
    await Task.yield()
    ran.setValue(true)
  }
  #expect(ran.value)
}
