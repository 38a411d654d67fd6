// `@DependencyClient` with `import DependenciesMacros` alone: an endpoint not set reports an
// issue naming the client and endpoint (then throws, returns its default, or returns), set ones
// run, labeled endpoints get labeled methods, and `Self()` is the test value.

import DependenciesMacros
import Testing

@DependencyClient
private struct WeatherClient {
  var forecast: @Sendable (_ city: String, _ days: Int) async throws -> [String]
  var isAvailable: @Sendable () -> Bool = { true }
  var log: @Sendable (String) -> Void
}

/// Endpoints of the other shapes clients have: an optional result, a main-actor endpoint with a
/// label, an `inout` parameter with a default, and a helper closure left alone.
@DependencyClient
private struct StoreClient {
  var cached: @Sendable (_ key: String) -> Int?
  var present: @MainActor @Sendable (_ title: String) -> Void
  var normalize: @Sendable (inout String) -> Bool = { _ in false }
  @DependencyIgnored
  var describe: @Sendable (Int) -> String = { "#\($0)" }
}

extension WeatherClient: TestDependencyKey {
  static let testValue = WeatherClient()
}

extension DependencyValues {
  fileprivate var weather: WeatherClient {
    get { self[WeatherClient.self] }
    set { self[WeatherClient.self] = newValue }
  }
}

@Test func anEndpointNotSetReportsTheClientAndTheEndpointAndThrows() async {
  let client = WeatherClient()
  await withKnownIssue {
    await #expect(throws: UnimplementedEndpointError.self) {
      try await client.forecast(city: "Lisbon", days: 2)
    }
  } matching: { issue in
    issue.comments.map(\.rawValue).joined().contains("'WeatherClient.forecast'")
  }
}

@Test func aNonThrowingEndpointReturnsItsDefaultAndReports() {
  let client = WeatherClient()
  withKnownIssue {
    #expect(client.isAvailable() == true)
    client.log("hello")
  } matching: { issue in
    let text = issue.comments.map(\.rawValue).joined()
    return text.contains("'WeatherClient.isAvailable'") || text.contains("'WeatherClient.log'")
  }
}

@Test func setEndpointsRunWithoutAnIssue() async throws {
  let client = WeatherClient(
    forecast: { city, days in Array(repeating: "sun in \(city)", count: days) },
    isAvailable: { false }
  )
  #expect(try await client.forecast(city: "Porto", days: 2) == ["sun in Porto", "sun in Porto"])
  #expect(try await client.forecast("Faro", 1) == ["sun in Faro"])
  #expect(client.isAvailable() == false)
}

@Test func theClientIsADependencyWhoseTestValueIsUnimplemented() async throws {
  let forecast = try await withDependencies {
    $0.weather.forecast = { city, _ in ["rain in \(city)"] }
  } operation: {
    @Dependency(\.weather) var weather
    return try await weather.forecast(city: "Braga", days: 1)
  }
  #expect(forecast == ["rain in Braga"])
}

@MainActor
@Test func otherEndpointShapesCompileAndReport() {
  let client = StoreClient()
  withKnownIssue {
    #expect(client.cached(key: "a") == nil)
    client.present(title: "Hello")
    var text = "x"
    #expect(client.normalize(&text) == false)
  } matching: { issue in
    issue.comments.map(\.rawValue).joined().contains("'StoreClient.")
  }
  #expect(client.describe(3) == "#3")
}

/// Endpoints whose defaults neither await nor throw, on endpoints that do: the generated
/// unimplemented closures compile without warnings (the package builds warnings-free).
@DependencyClient
private struct InboxClient {
  var pending: @Sendable () async -> [String] = { [] }
  var count: @Sendable (_ folder: String) async throws -> Int = { _ in 0 }
}

@Test func defaultsThatNeitherAwaitNorThrowAreCalledAsTheEndpoint() async {
  let client = InboxClient()
  await withKnownIssue {
    #expect(await client.pending() == [])
    let count = try? await client.count(folder: "inbox")
    #expect(count == 0)
  } matching: { issue in
    issue.comments.map(\.rawValue).joined().contains("'InboxClient.")
  }
}
