// `import Dependencies`, as apps that use swift-dependencies write it: `@Dependency`,
// `DependencyValues`, `DependencyKey`, `withDependencies`.
// One of the family's names for navd's Composable (docs/composable.md, "The family's
// modules"): all of it, and Foundation.

@_exported import Composable
@_exported import Foundation
