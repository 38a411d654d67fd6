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
    // `@Previewable` declarations become the stored properties of a view of the preview's own,
    // whose body is the rest of the preview, as SwiftUI's previews do.
    var previewable: [String] = []
    var rest: [String] = []
    for item in body.statements {
      if let variable = item.item.as(VariableDeclSyntax.self), isPreviewable(variable) {
        previewable.append(withoutPreviewable(variable))
      } else {
        rest.append(item.trimmedDescription)
      }
    }
    let content: String
    if previewable.isEmpty {
      content = """
        @HeadlessUICore.ViewBuilder
        static func content() -> some HeadlessUICore.View {
          \(body.statements.trimmed)
        }
        """
    } else {
      content = """
        struct _Content: HeadlessUICore.View {
          \(previewable.joined(separator: "\n"))
          var body: some HeadlessUICore.View {
            \(rest.joined(separator: "\n"))
          }
        }
        static func content() -> some HeadlessUICore.View { _Content() }
        """
    }
    // A namespace of a unique name holds the preview, named so that PreviewRegistry finds it.
    return [
      """
      enum \(typeName) {
        @MainActor
        struct _NavdPreview: HeadlessUICore._HeadlessPreview {
          nonisolated static var name: String? { \(raw: nameValue) }
          nonisolated static var location: String { "\\(\(raw: file).split(separator: "/").last ?? ""):\\(\(raw: line))" }
          \(raw: content)
          static func makeView() -> any HeadlessUICore.View { content() }
          nonisolated static func _renderView() -> HeadlessUICore.ViewContent {
            HeadlessUICore.MainActorRendering.assumeIsolated { makeView() }._render()
          }
        }
      }
      """
    ]
  }

  /// Whether `variable` is marked `@Previewable`.
  private static func isPreviewable(_ variable: VariableDeclSyntax) -> Bool {
    variable.attributes.contains {
      $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Previewable"
    }
  }

  /// `variable`'s text without its `@Previewable`.
  private static func withoutPreviewable(_ variable: VariableDeclSyntax) -> String {
    let kept = variable.attributes.filter {
      $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription != "Previewable"
    }
    return variable.with(\.attributes, kept).trimmedDescription
  }
}
