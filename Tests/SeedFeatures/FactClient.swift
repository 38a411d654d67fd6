// The `factClient` dependency the seed's `ScreenA` reads. The seed does not show it; this is the
// shape TCA 1.0–1.3's case studies give it, with a live value that needs no network.

import Composable

/// A client that fetches a fact about a number.
struct FactClient {
  var fetch: @Sendable (Int) async throws -> String
}

extension DependencyValues {
  /// The client `ScreenA` fetches number facts with.
  var factClient: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}

extension FactClient: DependencyKey {
  /// Answers at once, without network, as these machines have none.
  static let liveValue = Self(
    fetch: { number in
      "\(number) is a good number."
    }
  )

  /// Fails the test that calls it without overriding it, then throws.
  static let testValue = Self(
    fetch: { number in
      RuntimeWarning.report(
        """
        Unimplemented: FactClient.fetch(\(number)) … A test called the fact client \
        without overriding it. Override "factClient" in the store's "withDependencies".
        """)
      throw UnimplementedFactClient()
    }
  )
}

/// The error the test value of ``FactClient`` throws.
struct UnimplementedFactClient: Error {}
