// The `openURL` dependency: asks the system to open a URL. Headless, there is no browser to hand
// it to, so the live value says it opened nothing; tests override it to see what was opened.

import Foundation

/// Opens a URL, as SwiftUI's `openURL` does; returns whether it was opened.
///
/// ```swift
/// @Dependency(\.openURL) var openURL
/// return .run { _ in await openURL(URL(string: "https://www.pointfree.co")!) }
/// ```
public struct OpenURLEffect: Sendable {
  private let handler: @Sendable (URL) async -> Bool

  /// An effect that opens URLs with `handler`, which returns whether it opened one.
  public init(handler: @escaping @Sendable (URL) async -> Bool) {
    self.handler = handler
  }

  /// Opens `url`; returns whether it was opened.
  @discardableResult
  public func callAsFunction(_ url: URL) async -> Bool {
    await handler(url)
  }
}

extension DependencyValues {
  /// Opens URLs: headless and live, nothing is opened (`false`); in a test, unimplemented (an
  /// issue names the URL) until the test sets it.
  public var openURL: OpenURLEffect {
    get { self[OpenURLKey.self] }
    set { self[OpenURLKey.self] = newValue }
  }
}

private enum OpenURLKey: DependencyKey {
  static var liveValue: OpenURLEffect { OpenURLEffect { _ in false } }
  static var testValue: OpenURLEffect {
    OpenURLEffect { url in
      RuntimeWarning.report(
        "Unimplemented: @Dependency(\\.openURL) was asked to open \(url.absoluteString); set "
          + "store.dependencies.openURL in the test")
      return false
    }
  }
}
