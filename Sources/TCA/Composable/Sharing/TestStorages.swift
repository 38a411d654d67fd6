// TestStorages: the in-memory, file and user-defaults storages shared state uses under test,
// one set per test, so tests running in parallel or one after another do not see each other's
// values.

import Foundation
import NavSync

/// One test's storages, made when the test first uses one.
///
/// A test is found as swift-dependencies finds it: a scope set by `ComposableTestCase` or the
/// `.composable` trait, else the running Swift Testing test, else the calling task (an async
/// XCTest test runs as one task), else the calling thread (a synchronous XCTest test; its
/// storages are the thread's: docs/composable.md says so). A test store takes the storages in
/// force where it is made, so its reducers and effects, on whatever task, use the test's.
package enum TestStorages {
  /// One set of storages: in memory, files in memory, a user-defaults suite of its own.
  package struct Storages: Sendable {
    let inMemory: InMemoryStorage
    let files: FileStorage
    let defaults: UncheckedDefaults

    /// A fresh, empty set.
    package init() {
      inMemory = InMemoryStorage()
      files = .inMemory
      defaults = UncheckedDefaults(.inMemory)
    }

    /// Makes `dependencies` use these storages for shared state.
    package func install(in dependencies: inout DependencyValues) {
      dependencies.defaultInMemoryStorage = inMemory
      dependencies.defaultFileStorage = files
      dependencies.defaultAppStorage = defaults.defaults
    }
  }

  @TaskLocal static var scope: String?

  private static let scopes = Protected<[String: Storages]>([:])

  /// The storages of the test running the calling task.
  static var current: Storages {
    let key = scope ?? TestFramework.currentTestID ?? "task \(TaskIdentity.current)"
    return scopes.withLock { table in
      if let known = table[key] { return known }
      let made = Storages()
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
