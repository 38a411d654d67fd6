// `import DependenciesMacros`, as apps that declare dependency clients write it: the
// `@DependencyClient` and `@DependencyEndpoint` macros (implemented by the `ComposableMacros`
// plugin), and the `Dependencies` module's names, as the real one brings them.

@_exported import Dependencies

/// Makes a struct of closure properties a dependency client: every endpoint reports an issue
/// naming the client and the endpoint until it is set (then throws, returns its default's
/// result, or returns), a memberwise `init` whose arguments all default to that (`Self()` is a
/// client with nothing implemented), and a labeled method for each endpoint with labeled
/// parameters.
///
/// ```swift
/// @DependencyClient
/// struct WeatherClient {
///   var forecast: @Sendable (_ city: String) async throws -> Forecast
///   var isAvailable: @Sendable () -> Bool = { true }
/// }
/// ```
@attached(member, names: named(init))
@attached(memberAttribute)
public macro DependencyClient() =
  #externalMacro(module: "ComposableMacros", type: "DependencyClientMacro")

/// Gives a closure property with labeled parameters a method that calls it with its labels:
/// `var fetch: (_ id: Int) async throws -> User` gets `fetch(id:)`. `@DependencyClient` adds it.
@attached(peer, names: arbitrary)
public macro DependencyEndpoint() =
  #externalMacro(module: "ComposableMacros", type: "DependencyEndpointMacro")

/// Leaves a closure property of a `@DependencyClient` as it is: not an endpoint, no unimplemented
/// default, no method (a helper closure the client stores).
@attached(peer, names: arbitrary)
public macro DependencyIgnored() =
  #externalMacro(module: "ComposableMacros", type: "DependencyIgnoredMacro")
