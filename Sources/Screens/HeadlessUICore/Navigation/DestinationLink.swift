// NavigationLink with a destination view: tapping it drills down to that view, and going back
// returns, as SwiftUI's value-less links do.

extension NavigationLink {
  /// A link called `title` that drills down to `destination`.
  public init(_ title: String, @ViewBuilder destination: () -> ViewContent) {
    self.init(title: title, destination: destination())
  }

  /// A link labelled by `label` that drills down to `destination`.
  public init(
    @ViewBuilder destination: () -> ViewContent, @ViewBuilder label: () -> ViewContent
  ) {
    self.init(title: label().list.labelText, destination: destination())
  }

  /// A link labelled by `label` that drills down to `destination` (SwiftUI's deprecated form).
  public init<Destination: View>(
    destination: Destination, @ViewBuilder label: () -> ViewContent
  ) {
    self.init(title: label().list.labelText, destination: destination._render())
  }

  /// A link called `title` that drills down to `destination` (SwiftUI's deprecated form).
  public init<Destination: View>(_ title: String, destination: Destination) {
    self.init(title: title, destination: destination._render())
  }

  /// A link called `title` shown drilled down while `isActive` is true (deprecated in SwiftUI).
  public init<Destination: View>(
    _ title: String, isActive: Binding<Bool>, @ViewBuilder destination: () -> Destination
  ) {
    self.init(title: title, isActive: isActive, destination: destination()._render())
  }

  /// A link called `title` shown drilled down while `selection` is `tag` (deprecated in
  /// SwiftUI).
  public init<Destination: View, V: Hashable>(
    _ title: String, tag: V, selection: Binding<V?>, @ViewBuilder destination: () -> Destination
  ) {
    let isActive = Binding<Bool>(
      get: { selection.wrappedValue == tag },
      set: { selection.wrappedValue = $0 ? tag : nil })
    self.init(title: title, isActive: isActive, destination: destination()._render())
  }

  /// A link whose drill-down is the view's own state.
  init(title: String, destination: ViewContent) {
    guard let pass = RenderPass.current else {
      self.init(title: title, isActive: .constant(false), destination: destination)
      return
    }
    let cell = pass.storage.cell(at: pass.nextSlot("NavigationLink"), label: "isActive") { false }
    self.init(
      title: title,
      isActive: Binding(get: { cell.value as? Bool ?? false }, set: { cell.value = $0 }),
      destination: destination)
  }
}
