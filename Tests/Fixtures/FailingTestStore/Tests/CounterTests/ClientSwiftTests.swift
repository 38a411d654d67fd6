import ComposableArchitecture
import Testing

/// A client whose endpoint the test below never sets.
@DependencyClient
struct NumberClient {
  var fetch: @Sendable (_ id: Int) async throws -> Int
}

// MUST FAIL: an unimplemented `@DependencyClient` endpoint is called: an issue naming the client
// and the endpoint fails the test (and the call throws).
@Test func unimplementedEndpoint() async {
  let client = NumberClient()
  let number = try? await client.fetch(id: 1)
  #expect(number == nil)
}
