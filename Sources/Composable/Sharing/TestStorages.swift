// TestStorages: the in-memory, file and user-defaults storages shared state uses under test,
// one set per test, so tests running in parallel or one after another do not see each other's
// values.

import Foundation
import NavSync

/// One test's storages, made when the test first uses one.
///
/// A test is found as swift-dependencies finds it: a scope set by `ComposableTestCase` or the
/// `.composable` trait, else the running Swift Testing test, else the whole process (XCTest
/// cases that do not subclass `ComposableTestCase`; docs/composable.md says so).
package enum TestStorages {
  struct Storages: Sendable {
    let inMemory: InMemoryStorage
    let files: FileStorage
    let defaults: UncheckedDefaults
  }

  @TaskLocal static var scope: String?

  private static let scopes = Protected<[String: Storages]>([:])

  /// The storages of the test running the calling task.
  static var current: Storages {
    let key = scope ?? TestFramework.currentTestID ?? "process"
    return scopes.withLock { table in
      if let known = table[key] { return known }
      let made = Storages(
        inMemory: InMemoryStorage(), files: .inMemory,
        defaults: UncheckedDefaults(.inMemory))
      table[key] = made
      return made
    }
  }

  /// Runs `body` with storages of its own: one test of an XCTest case or a trait's scope.
  package static func withFreshScope<R>(_ body: () throws -> R) rethrows -> R {
    try $scope.withValue(UUID().uuidString, operation: body)
  }

  /// Runs `body`, which awaits, with storages of its own.
  package static func withFreshScope<R>(
    _ body: () async throws -> R
  ) async rethrows -> R {
    try await $scope.withValue(UUID().uuidString, operation: body)
  }
}
