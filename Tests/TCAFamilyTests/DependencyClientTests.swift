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
