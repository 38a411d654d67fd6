// `#Preview`: Xcode's preview of a view, which headless becomes a screen to launch.

/// Declares a preview of a view, as SwiftUI's `#Preview { … }`: headless, each preview is a
/// screen `features --previews` lists and `navd.launch_preview("…")` opens.
///
/// Its expansion comes from navd's macro plugin, which an app's target has through
/// `ComposableArchitecture`.
@freestanding(declaration)
public macro Preview(
  _ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View
) = #externalMacro(module: "ComposableMacros", type: "PreviewMacro")

/// Declares a preview of a view with traits (a layout, an orientation), which headless have no
/// effect.
@freestanding(declaration)
public macro Preview(
  _ name: String? = nil, traits: PreviewTrait, _ moreTraits: PreviewTrait...,
  @ViewBuilder body: @escaping @MainActor () -> any View
) = #externalMacro(module: "ComposableMacros", type: "PreviewMacro")

/// Marks a preview's own state, as SwiftUI's: `#Preview { @Previewable @State var isOn = false;
/// Toggle("On", isOn: $isOn) }` keeps `isOn` as the state of a view whose body is the rest of the
/// preview.
@attached(peer)
public macro Previewable() = #externalMacro(module: "ComposableMacros", type: "PreviewableMacro")
