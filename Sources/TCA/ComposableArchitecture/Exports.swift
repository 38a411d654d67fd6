// `import ComposableArchitecture`, as TCA code writes it: all of navd's `Composable`, the
// family's modules TCA re-exports (so `IdentifiedArrayOf`, `@CasePathable`, `@Dependency`,
// `LockIsolated` are in scope), Foundation (`UUID`, `Date`, `URL`), and the Swift Testing
// support that makes a failure inside a plain `@Test` fail it (linked, not imported: it
// registers itself when the binary loads).

@_exported import CasePaths
@_exported import Clocks
@_exported import Composable
@_exported import ConcurrencyExtras
@_exported import CustomDump
@_exported import Dependencies
@_exported import DependenciesMacros
@_exported import Foundation
@_exported import IdentifiedCollections
@_exported import IssueReporting
@_exported import Perception
@_exported import Sharing
@_exported import SwiftNavigation
@_exported import SwiftUINavigation
