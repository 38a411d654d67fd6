// `bind(_:to:)`: keeps a model's value and a view's focus (or any view state) equal, as
// swift-navigation's.

import Composable
import HeadlessUICore

extension View {
  /// Keeps `source` (a store's or a model's value) and `target` (a view's focus) equal: each
  /// change of one is written to the other, the source first when the view appears.
  nonisolated public func bind<V: Hashable>(
    _ source: Binding<V>, to target: FocusState<V>.Binding
  ) -> ViewContent {
    bind(source, get: { target.wrappedValue }, set: { target.wrappedValue = $0 })
  }

  /// Keeps `source` and `target` equal: each change of one is written to the other.
  nonisolated public func bind<V: Equatable>(_ source: Binding<V>, to target: Binding<V>)
    -> ViewContent
  {
    bind(source, get: { target.wrappedValue }, set: { target.wrappedValue = $0 })
  }

  nonisolated private func bind<V: Equatable>(
    _ source: Binding<V>, get: @escaping () -> V, set: @escaping (V) -> Void
  ) -> ViewContent {
    let sourceValue = source.wrappedValue
    let targetValue = get()
    return self.onAppear { if get() != source.wrappedValue { set(source.wrappedValue) } }
      .onChange(of: sourceValue) { _, new in if get() != new { set(new) } }
      .onChange(of: targetValue) { _, new in
        if source.wrappedValue != new { source.wrappedValue = new }
      }
  }
}

extension Binding {
  /// A binding to the value inside `base`, or `nil` while `base` holds none, as
  /// swift-navigation's `Binding(unwrapping:)`.
  public init?(unwrapping base: Binding<Value?>) {
    guard let initial = base.wrappedValue else { return nil }
    let last = LastValue(initial)
    self.init(
      get: { last.update(base.wrappedValue) },
      set: { base.wrappedValue = $0 })
  }

  /// Whether an optional binding holds a value; setting `false` writes `nil`.
  public func isPresent<Wrapped>() -> Binding<Bool> where Value == Wrapped? {
    let base = self
    return Binding<Bool>(
      get: { base.wrappedValue != nil },
      set: { if !$0 { base.wrappedValue = nil } })
  }
}
