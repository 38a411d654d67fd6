// PreviewProvider: Xcode's previews, kept so that a view file that declares one compiles.

/// A type that shows views in Xcode's canvas; headless, nothing shows them, but a view file that
/// declares previews compiles unchanged.
public protocol PreviewProvider {
  /// The type of the previews.
  associatedtype Previews: View
  /// The views to preview.
  @ViewBuilder static var previews: Previews { get }
}
