// The `factClient` dependency the seed's `ScreenA` reads. The seed does not show it; this is the
// shape TCA 1.0–1.3's case studies give it (`fetch: (Int) async throws -> String`), with a live
// value that computes its fact locally, as these machines have no network.

import Composable

/// A client that fetches a fact about a number.
public struct FactClient: Sendable {
  /// Returns a fact about the number.
  public var fetch: @Sendable (Int) async throws -> String

  /// Creates a client from its `fetch` endpoint.
  public init(fetch: @escaping @Sendable (Int) async throws -> String) {
    self.fetch = fetch
  }
}

extension DependencyValues {
  /// The client `ScreenA` fetches number facts with.
  public var factClient: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}

extension FactClient: DependencyKey {
  /// Answers at once, without a network, with a fact computed from the number: whether it is
  /// prime, even or odd, as in "7 is a prime number." The same number always gets the same fact.
  public static let liveValue = Self(
    fetch: { number in localFact(about: number) }
  )

  /// Fails the test that calls it without overriding it, then throws ``Unimplemented``.
  public static let testValue = Self(
    fetch: { number in
      RuntimeWarning.report(
        """
        Unimplemented: @Dependency(\\.factClient.fetch) was called with \(number) … A test \
        called the fact client without overriding it. Override "factClient.fetch" in the \
        store's "withDependencies".
        """)
      throw Unimplemented()
    }
  )

  /// The error the test value's `fetch` throws.
  public struct Unimplemented: Error, Equatable, Sendable {
    /// Creates the error.
    public init() {}
  }

  /// The fact the live client gives about `number`.
  ///
  /// For example "2 is a prime number.", "4 is an even number." or "9 is an odd number."
  public static func localFact(about number: Int) -> String {
    if isPrimeNumber(number) {
      return "\(number) is a prime number."
    }
    return number.isMultiple(of: 2) ? "\(number) is an even number." : "\(number) is an odd number."
  }
}

/// Whether `number` is prime, by trial division.
private func isPrimeNumber(_ number: Int) -> Bool {
  if number <= 1 { return false }
  var divisor = 2
  while divisor <= number / divisor {
    if number.isMultiple(of: divisor) { return false }
    divisor += 1
  }
  return true
}
