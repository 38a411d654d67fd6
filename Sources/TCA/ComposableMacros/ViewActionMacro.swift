// The `@ViewAction(for:)` macro: a view's conformance to ViewActionSending.

import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ViewAction(for: Feature.self)`: makes a view send its feature's view actions directly,
/// `send(.tapped)`, by conforming it to `ViewActionSending`.
///
/// The view must have a `store` property; the feature's `Action` must conform to `ViewAction`
/// (`case view(View)`).
public enum ViewActionMacro: ExtensionMacro {
  /// The extensions the macro adds to the declaration's type.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(StructDeclSyntax.self) else {
      context.diagnose(
        MacroError(
          "'@ViewAction' can only be applied to a struct, not a \(declarationKind(declaration))",
          id: "viewActionOnNonStruct"
        ).at(node))
      return []
    }
    let hasStore = declaration.memberBlock.members.contains { member in
      member.decl.as(VariableDeclSyntax.self)?.bindings.contains { binding in
        binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "store"
      } ?? false
    }
    guard hasStore else {
      context.diagnose(
        MacroError(
          "'@ViewAction' requires '\(typeName(of: declaration) ?? "_")' to have a 'store' "
            + "property of type 'Store'", id: "viewActionWithoutStore"
        ).at(node))
      return []
    }
    if inherits(declaration.inheritanceClause, any: ["ViewActionSending"]) { return [] }
    return [
      try ExtensionDeclSyntax(
        "extension \(type.trimmed): Composable.ViewActionSending {}")
    ]
  }
}
