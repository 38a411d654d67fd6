// `import CustomDump`, as apps that use swift-custom-dump write it: dumps and diffs of values.
// One of the family's names for navd's Composable (docs/composable.md, "The family's
// modules"): all of it, and Foundation.

@_exported import Composable
@_exported import Foundation
