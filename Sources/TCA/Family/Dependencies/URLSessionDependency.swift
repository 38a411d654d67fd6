// The `urlSession` dependency, as swift-dependencies has it: the shared session when live, a
// session whose every request reports an issue and fails in tests. On Linux URLSession lives in
// FoundationNetworking, which this module re-exports, as Apple's Foundation brings it.

#if canImport(FoundationNetworking)
  @_exported import FoundationNetworking
#endif
import Foundation

extension DependencyValues {
  /// The URL session a feature's live clients load with: `URLSession.shared` when live; in
  /// tests and previews, one whose requests report "Unimplemented: @Dependency(\.urlSession)"
  /// and fail.
  public var urlSession: URLSession {
    get { self[URLSessionKey.self].session }
    set { self[URLSessionKey.self] = UncheckedSession(session: newValue) }
  }
}

/// A session, which Foundation documents as safe to use from any thread.
private struct UncheckedSession: @unchecked Sendable {
  let session: URLSession
}

private enum URLSessionKey: DependencyKey {
  static var liveValue: UncheckedSession { UncheckedSession(session: .shared) }
  static var testValue: UncheckedSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [UnimplementedURLProtocol.self]
    return UncheckedSession(session: URLSession(configuration: configuration))
  }
}

/// Fails every request, after reporting that the test did not say what the network answers.
private final class UnimplementedURLProtocol: URLProtocol {
  override class func canInit(with request: URLRequest) -> Bool { true }
  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    reportIssue(
      """
      Unimplemented: @Dependency(\\.urlSession) loaded \
      \(request.url?.absoluteString ?? "a request"); set $0.urlSession, or the client that \
      loads it, in the test.
      """)
    client?.urlProtocol(self, didFailWithError: URLError(.notConnectedToInternet))
  }

  override func stopLoading() {}
}
