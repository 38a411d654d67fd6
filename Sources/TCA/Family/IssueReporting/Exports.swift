// `import IssueReporting`, as apps that use xctest-dynamic-overlay (IssueReporting) write it:
// reporting issues to the running test.
// One of the family's names for navd's Composable (docs/composable.md, "The family's
// modules"): all of it, and Foundation.

@_exported import Composable
@_exported import Foundation
