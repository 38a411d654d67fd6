// The `@CasePathable` macro: an enum's AllCasePaths, one AnyCasePath per case.

import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@CasePathable`: an enum's `AllCasePaths`, one `AnyCasePath` per case, and the conformance
/// to `CasePathable`, so that `\Enum.Cases.name` names a case.
///
/// A case with no value or one value is the path of its constructor, `/Enum.case`, which
/// extracts by the enum's layout; a case with several values embeds with its constructor and
/// extracts with a `switch` (a `guard case`).
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
      let type = "Composable.AnyCasePath<\(name), \(enumCase.payloadType)>"
      // A case with no value or one is named by its constructor, `/Enum.case`: the path then
      // extracts by the enum's layout, learned once per case (no closure, no allocation). A
      // case with several values gets a closure pair around a `switch`.
      switch enumCase.parameters.count {
      case 0:
        return "\(access)var \(enumCase.name): \(type) { /\(name).\(enumCase.name) }"
      case 1:
        let label = enumCase.parameters[0].label.map { "(\($0):)" } ?? ""
        return "\(access)var \(enumCase.name): \(type) { /\(name).\(enumCase.name)\(label) }"
      default:
        return """
          \(access)var \(enumCase.name): \(type) {
            Composable.AnyCasePath(
              embed: { \(enumCase.embedding(in: name)) },
              extract: {
                \(enumCase.extraction)
              })
          }
          """
      }
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
