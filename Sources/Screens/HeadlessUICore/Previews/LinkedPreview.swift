// LinkedPreview: one preview linked into the process, as a host lists and opens it.

/// A preview linked into the process: a `#Preview`, or a `PreviewProvider`'s `previews`.
///
/// `@unchecked Sendable`: it holds a metatype and a closure over it, neither of which changes.
public struct LinkedPreview: @unchecked Sendable {
  /// The preview's name: the one `#Preview("…")` gives, or a provider's type name; `nil` for
  /// an unnamed `#Preview`.
  public let name: String?
  /// Where it is declared: `File.swift:12` for a `#Preview`, `Module.Type` for a provider.
  public let location: String
  /// Makes the preview's view and renders it, on the calling thread.
  private let make: () -> ViewContent

  /// The preview's name, or where it is declared when it has none: what hosts open it by.
  public var title: String { name ?? location }

  /// Makes the preview's view and renders it, on the calling thread (as every view is).
  ///
  /// Each call runs the preview's body again; a ``HostedPreview`` keeps the stores it makes.
  public func render() -> ViewContent { make() }

  init(_ preview: any _HeadlessPreview.Type) {
    self.name = preview.name
    self.location = preview.location
    self.make = { preview._renderView() }
  }

  init<Provider: PreviewProvider>(_ provider: Provider.Type, name: String) {
    self.name = name
    self.location = String(reflecting: provider)
    self.make = { Self.render(provider) }
  }

  /// A provider's previews, made and rendered on the calling thread, as every view is.
  private static func render<Provider: PreviewProvider>(_: Provider.Type) -> ViewContent {
    MainActorRendering.assumeIsolated { Provider.previews._render() }
  }
}
