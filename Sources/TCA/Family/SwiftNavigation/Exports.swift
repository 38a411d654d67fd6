// `import SwiftNavigation`, as apps that use swift-navigation write it: `AlertState`,
// `ButtonState`, `TextState`, `ConfirmationDialogState`.
// One of the family's names for navd's Composable (docs/composable.md, "The family's
// modules"): all of it, and Foundation.

@_exported import Composable
@_exported import Foundation
