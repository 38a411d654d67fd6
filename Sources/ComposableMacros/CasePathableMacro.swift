import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@CasePathable`: an enum's `AllCasePaths`, one `AnyCasePath` per case, and the conformance
/// to `CasePathable`, so that `\Enum.Cases.name` names a case.
///
/// Each path embeds with the case's constructor and extracts with a `switch` (a `guard case`),
/// which is what a hand-written case path would do.
public enum CasePathableMacro: MemberMacro, ExtensionMacro {
  /// The members the macro adds to the declaration.
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      context.diagnose(
        MacroError(
          "'@CasePathable' cannot be applied to \(declarationKind(declaration)) type "
            + "'\(typeName(of: declaration) ?? "_")'", id: "casePathableOnNonEnum"
        ).at(node))
      return []
    }
    return members(of: enumDecl)
  }

  /// The `AllCasePaths` struct and `allCasePaths` of `enumDecl`.
  static func members(of enumDecl: EnumDeclSyntax) -> [DeclSyntax] {
    let access = accessPrefix(of: enumDecl)
    let name = enumDecl.name.text
    let paths = EnumCase.all(in: enumDecl).map { enumCase in
      """
      \(access)var \(enumCase.name): Composable.AnyCasePath<\(name), \(enumCase.payloadType)> {
        Composable.AnyCasePath(
          embed: { \(enumCase.embedding(in: name)) },
          extract: {
            \(enumCase.extraction)
          })
      }
      """
    }
    return [
      """
      \(raw: access)struct AllCasePaths: Sendable {
        \(raw: paths.joined(separator: "\n"))
      }
      """,
      "\(raw: access)static var allCasePaths: AllCasePaths { AllCasePaths() }",
    ]
  }

  /// The extensions the macro adds to the declaration's type.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(EnumDeclSyntax.self),
      !inherits(declaration.inheritanceClause, any: ["CasePathable"])
    else { return [] }
    return [try ExtensionDeclSyntax("extension \(type.trimmed): Composable.CasePathable {}")]
  }
}
