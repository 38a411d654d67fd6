// The modifiers that only change how a view looks: they compile, and a headless screen ignores
// them, because nothing they do can be read as text or used.

import Foundation

extension View {
  /// Insets the view; ignored.
  nonisolated public func padding(_ length: CGFloat? = nil) -> ViewContent { _render() }
  /// Insets the view along `edges`; ignored.
  nonisolated public func padding(_ edges: Edge.Set, _ length: CGFloat? = nil) -> ViewContent {
    _render()
  }
  /// Sets the font; ignored.
  nonisolated public func font(_ font: Font?) -> ViewContent { _render() }
  /// Sets the font weight; ignored.
  nonisolated public func fontWeight(_ weight: Font.Weight?) -> ViewContent { _render() }
  /// Makes text bold; ignored.
  nonisolated public func bold(_ isActive: Bool = true) -> ViewContent { _render() }
  /// Makes text italic; ignored.
  nonisolated public func italic(_ isActive: Bool = true) -> ViewContent { _render() }
  /// Sets the foreground color; ignored.
  nonisolated public func foregroundColor(_ color: Color?) -> ViewContent { _render() }
  /// Sets the foreground style; ignored.
  nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> ViewContent { _render() }
  /// Sets the foreground styles; ignored.
  nonisolated public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(
    _ primary: S1, _ secondary: S2
  )
    -> ViewContent
  { _render() }
  /// Sets the tint; ignored.
  nonisolated public func tint(_ color: Color?) -> ViewContent { _render() }
  /// Puts a color behind the view; ignored.
  nonisolated public func background<S: ShapeStyle>(_ style: S) -> ViewContent { _render() }
  /// Casts a shadow; ignored.
  nonisolated public func shadow(
    color: Color = .black, radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0
  ) -> ViewContent { _render() }
  /// Rounds the corners; ignored.
  nonisolated public func cornerRadius(_ radius: CGFloat) -> ViewContent { _render() }
  /// Clips to the view's bounds; ignored.
  nonisolated public func clipped() -> ViewContent { _render() }
  /// Makes the view see-through; ignored (a see-through control can still be used).
  nonisolated public func opacity(_ opacity: Double) -> ViewContent { _render() }
  /// Scales the view; ignored.
  nonisolated public func scaleEffect(_ scale: CGFloat) -> ViewContent { _render() }
  /// Moves the view; ignored.
  nonisolated public func offset(x: CGFloat = 0, y: CGFloat = 0) -> ViewContent { _render() }
  /// Sets the view's size; ignored.
  nonisolated public func frame(
    width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center
  ) -> ViewContent { _render() }
  /// Bounds the view's size; ignored.
  nonisolated public func frame(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
    minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
    alignment: Alignment = .center
  ) -> ViewContent { _render() }
  /// Makes digits one width; ignored.
  nonisolated public func monospacedDigit() -> ViewContent { _render() }
  /// Aligns lines of text; ignored.
  nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> ViewContent {
    _render()
  }
  /// Limits the lines of text; ignored (the whole text is on the screen).
  nonisolated public func lineLimit(_ number: Int?) -> ViewContent { _render() }
  /// Styles buttons; ignored.
  nonisolated public func buttonStyle(_ style: NamedStyle) -> ViewContent { _render() }
  /// Styles lists; ignored.
  nonisolated public func listStyle(_ style: NamedStyle) -> ViewContent { _render() }
  /// Styles the pickers inside, as SwiftUI's `pickerStyle` on any view does; ignored (a headless
  /// picker is its options).
  nonisolated public func pickerStyle(_ style: PickerStyle) -> ViewContent { _render() }
  /// Styles text fields; ignored.
  nonisolated public func textFieldStyle(_ style: NamedStyle) -> ViewContent { _render() }
  /// Sets how the navigation title is shown; ignored.
  nonisolated public func navigationBarTitleDisplayMode(_ mode: NamedStyle) -> ViewContent {
    _render()
  }
  /// Hides controls' labels; ignored (a label is how a control is found).
  nonisolated public func labelsHidden() -> ViewContent { _render() }
  /// Sets the transition; ignored.
  nonisolated public func transition(_ transition: AnyTransition) -> ViewContent { _render() }
  /// Animates changes of `value`; ignored.
  nonisolated public func animation<V: Equatable>(_ animation: Animation?, value: V) -> ViewContent
  {
    _render()
  }
  /// Animates changes; ignored.
  nonisolated public func animation(_ animation: Animation?) -> ViewContent { _render() }
  /// Gives the view an identity; ignored.
  nonisolated public func id<ID: Hashable>(_ id: ID) -> ViewContent { _render() }
}
