// `import Dependencies`, as apps that use swift-dependencies write it: `@Dependency`,
// `DependencyValues`, `DependencyKey`, `withDependencies`; and, as swift-dependencies re-exports
// them, Clocks (`TestClock`, `timer`), ConcurrencyExtras (`LockIsolated`) and IssueReporting.
// One of the family's names for navd's Composable (docs/composable.md, "The family's
// modules"): all of it, and Foundation.

@_exported import Clocks
@_exported import Composable
@_exported import ConcurrencyExtras
@_exported import Foundation
@_exported import IssueReporting
