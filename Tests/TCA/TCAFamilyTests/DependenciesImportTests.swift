// `import Dependencies` alone: `@Dependency`, `withDependencies`, the values apps use, and
// Foundation's `Date` and `UUID`.

import Dependencies
import Testing

private struct Stamp {
  @Dependency(\.date.now) var now
  @Dependency(\.uuid) var uuid
}

@Test func dependenciesBringsTheDependencyAPIAndFoundation() {
  let fixed = Date(timeIntervalSince1970: 1_000)
  // Read inside the operation: navd's `@Dependency` reads the values in force when accessed
  // (swift-dependencies' also keeps those in force when the wrapper was made; not yet navd's).
  let (now, uuid) = withDependencies {
    $0.date = .constant(fixed)
    $0.uuid = .incrementing
  } operation: {
    let stamp = Stamp()
    return (stamp.now, stamp.uuid())
  }
  #expect(now == fixed)
  #expect(uuid == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
}

@Test func dependenciesBringsWhatSwiftDependenciesReExports() async {
  let seen = LockIsolated<[String]>([])
  let clock = TestClock()
  let timer = Task {
    for await _ in clock.timer(interval: .seconds(1)) { seen.withValue { $0.append("tick") } }
  }
  await clock.advance(by: .seconds(1))
  timer.cancel()
  await timer.value
  #expect(seen.value == ["tick"])
  #expect(isTesting)
}

@Test func aTestFixesTheDateBySettingNow() {
  let fixed = Date(timeIntervalSince1970: 1_234_567_890)
  withDependencies {
    $0.date.now = fixed
  } operation: {
    @Dependency(\.date) var date
    #expect(date.now == fixed)
    #expect(date() == fixed)
  }
}

@Test func aTestsURLSessionFailsEveryRequest() async {
  // The request fails with a URL error (and reports an issue from URLSession's own thread,
  // where no test runs: it reaches standard error).
  await withDependencies {
    $0.context = .test
  } operation: {
    @Dependency(\.urlSession) var session
    do {
      _ = try await session.data(from: URL(string: "https://example.com/forecast")!)
      Issue.record("the unimplemented session loaded a request")
    } catch {
      #expect(error is URLError)
    }
  }
}

private final class ParentModel {
  @Dependency(\.uuid) var uuid
}

@Test func withDependenciesFromAModelRunsWithItsDependenciesAndTheChanges() {
  let parent = ParentModel()
  let made = withDependencies(from: parent) {
    $0.uuid = .constant(UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!)
  } operation: {
    ParentModel().uuid()
  }
  #expect(made == UUID(uuidString: "00000000-0000-0000-0000-00000000000A"))
}
