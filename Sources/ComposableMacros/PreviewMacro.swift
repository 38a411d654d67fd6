// The `#Preview` macro: a preview of a view, as a type headless hosts can find and launch.

import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `#Preview("Name") { SomeView(…) }`: declares a type conforming to `_HeadlessPreview` whose
/// `makeView()` runs the closure, named after the preview (or its line).
public enum PreviewMacro: DeclarationMacro {
  /// The preview's type.
  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let name = node.arguments.first { $0.label == nil }?.expression
      .as(StringLiteralExprSyntax.self)
    let nameValue = name.map { "\($0.trimmed)" } ?? "nil"
    guard
      let body = node.trailingClosure
        ?? node.arguments.first(where: { $0.label?.text == "body" })?.expression
        .as(ClosureExprSyntax.self)
    else {
      return []
    }
    let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID)
    let file = location.map { "\($0.file)" } ?? "\"\""
    let line = location.map { "\($0.line)" } ?? "0"
    let typeName = context.makeUniqueName("Preview")
    // A namespace of a unique name holds the preview, named so that PreviewRegistry finds it.
    return [
      """
      enum \(typeName) {
        @MainActor
        struct _NavdPreview: HeadlessUICore._HeadlessPreview {
          nonisolated static var name: String? { \(raw: nameValue) }
          nonisolated static var location: String { "\\(\(raw: file).split(separator: "/").last ?? ""):\\(\(raw: line))" }
          @HeadlessUICore.ViewBuilder
          static func content() -> some HeadlessUICore.View {
            \(body.statements.trimmed)
          }
          static func makeView() -> any HeadlessUICore.View { content() }
          nonisolated static func _renderView() -> HeadlessUICore.ViewContent {
            HeadlessUICore.MainActorRendering.assumeIsolated { makeView() }._render()
          }
        }
      }
      """
    ]
  }
}
