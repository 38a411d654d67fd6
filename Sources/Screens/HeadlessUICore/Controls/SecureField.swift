// SecureField: a field whose text is hidden as it is typed.

/// A field for a password, as SwiftUI's `SecureField`: typed into like a text field
/// (`app:type("Password", "…")`); the screen shows a dot per character, never the text.
nonisolated public struct SecureField: View, _PrimitiveView {
  let title: String
  let text: Binding<String>

  /// A field called `title` setting `text`.
  public init(_ title: String, text: Binding<String>, onCommit: @escaping () -> Void = {}) {
    self.title = title
    self.text = text
  }

  /// A field labelled by `prompt` setting `text`.
  public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> ViewContent) {
    self.title = label().list.labelText
    self.text = text
  }

  /// The field node; its value is as many dots as characters.
  public var body: ViewContent {
    let text = self.text
    var node = ScreenNode(
      kind: .secureField, label: title, control: .type({ text.wrappedValue = $0 }))
    node.value = String(repeating: "•", count: text.wrappedValue.count)
    return ViewContent(node: node)
  }
}
