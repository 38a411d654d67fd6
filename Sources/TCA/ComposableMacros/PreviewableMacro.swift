// `@Previewable`: marks a preview's own state; `#Preview` moves it into a view of its own.

import SwiftSyntax
import SwiftSyntaxMacros

/// The attribute that gives a preview its own state: `@Previewable @State var value = 0`.
///
/// As SwiftUI's, it goes inside `#Preview { … }`. The attribute itself adds nothing;
/// ``PreviewMacro`` finds the declarations it marks and makes them the stored properties of a
/// view whose body is the rest of the preview.
public enum PreviewableMacro: PeerMacro {
  /// Nothing: the preview's expansion moves the declaration.
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
