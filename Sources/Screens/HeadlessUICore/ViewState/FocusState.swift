// FocusState: which field has the keyboard, as SwiftUI's `@FocusState`, and `.focused`.

/// Which field of a view has the keyboard, as SwiftUI's `@FocusState`: a `Bool` for one field,
/// or an optional value naming one of several (`.focused($focus, equals: .title)`).
///
/// Kept by the view's identity as `@State` is. Typing into a field focuses it; setting the
/// value (or the store value it is bound to with `.bind`) moves the focus, which the screen
/// shows as the field's "focused" note.
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
  let location: StateLocation<Value>

  /// A focus state for one field: `@FocusState var isFocused: Bool`.
  public init() where Value == Bool { location = StateLocation(initial: false) }

  /// A focus state naming one of several fields: `@FocusState var focus: Field?`.
  public init<T: Hashable>() where Value == T? { location = StateLocation(initial: nil) }

  /// The focused field now.
  public var wrappedValue: Value {
    get { location.value }
    nonmutating set { location.value = newValue }
  }

  /// A binding to the focus, for `.focused(_:)`.
  public var projectedValue: Binding {
    Binding(location: location)
  }

  /// A binding to a focus state, as SwiftUI's `FocusState.Binding`.
  @propertyWrapper
  public struct Binding {
    let location: StateLocation<Value>

    /// The focused field now.
    public var wrappedValue: Value {
      get { location.value }
      nonmutating set { location.value = newValue }
    }

    /// The binding itself.
    public var projectedValue: Binding { self }
  }
}

extension FocusState: ViewStateLinking {
  func link(in pass: RenderPass, label: String) {
    let initial = location.initial
    location.cell = pass.storage.cell(at: pass.identity, label: label) { initial }
  }
}

extension FocusState: @unchecked Sendable where Value: Sendable {}
extension FocusState.Binding: @unchecked Sendable where Value: Sendable {}

extension View {
  /// Ties the fields in the view to `binding`: they are focused while it is true, and typing
  /// into one sets it.
  nonisolated public func focused(_ binding: FocusState<Bool>.Binding) -> ViewContent {
    focusing(isFocused: { binding.wrappedValue }, focus: { binding.wrappedValue = true })
  }

  /// Ties the fields in the view to `binding`'s `value`: they are focused while the binding
  /// names it, and typing into one sets it to `value`.
  nonisolated public func focused<V: Hashable>(_ binding: FocusState<V?>.Binding, equals value: V)
    -> ViewContent
  {
    focusing(isFocused: { binding.wrappedValue == value }, focus: { binding.wrappedValue = value })
  }

  nonisolated private func focusing(isFocused: () -> Bool, focus: @escaping () -> Void)
    -> ViewContent
  {
    let focused = isFocused()
    return _render().mapNodes { node in
      guard node.isTypable, case .type(let type)? = node.control else { return }
      node.isSelected = focused
      node.control = .type({ text in
        focus()
        type(text)
      })
    }
  }
}
