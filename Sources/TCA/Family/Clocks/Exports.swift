// `import Clocks`, as apps that use swift-clocks write it: `TestClock`, `ImmediateClock`,
// `UnimplementedClock`.
// One of the family's names for navd's Composable (docs/composable.md, "The family's
// modules"): all of it, and Foundation.

@_exported import Composable
@_exported import Foundation
