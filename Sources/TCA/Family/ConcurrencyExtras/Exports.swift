// `import ConcurrencyExtras`, as apps that use swift-concurrency-extras write it:
// `UncheckedSendable` and the concurrency tools tests use.
// One of the family's names for navd's Composable (docs/composable.md, "The family's
// modules"): all of it, and Foundation.

@_exported import Composable
@_exported import Foundation
