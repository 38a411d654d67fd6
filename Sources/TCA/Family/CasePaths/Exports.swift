// `import CasePaths`, as apps that use swift-case-paths write it: case paths: `CasePath`,
// `CaseKeyPath`, `@CasePathable`, the `[case:]` subscripts.
// One of the family's names for navd's Composable (docs/composable.md, "The family's
// modules"): all of it, and Foundation.

@_exported import Composable
@_exported import Foundation

/// Gives an enum `AllCasePaths`, so that case key paths (`\Action.Cases.child`) name its cases.
@attached(member, names: named(AllCasePaths), named(allCasePaths))
@attached(extension, conformances: CasePathable)
public macro CasePathable() = #externalMacro(module: "ComposableMacros", type: "CasePathableMacro")
