// Stepper: a control that steps a number up and down (`app:increment("Duration")`).

/// A control that steps a value up or down, as SwiftUI's `Stepper`: used with
/// `app:increment(label)` and `app:decrement(label)`; a step past the range's end is not
/// offered.
nonisolated public struct Stepper: View, _PrimitiveView {
  let label: String
  let value: String?
  let increment: (() -> Void)?
  let decrement: (() -> Void)?

  /// A stepper called `title` stepping `value` by `step` within `bounds`.
  public init<V: Strideable>(
    _ title: String, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) {
    self.init(label: title, value: value, bounds: bounds, step: step)
  }

  /// A stepper called `title` stepping `value` by `step`, unbounded.
  public init<V: Strideable>(
    _ title: String, value: Binding<V>, step: V.Stride = 1,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) {
    self.init(label: title, value: value, bounds: nil, step: step)
  }

  /// A stepper labelled by `label` stepping `value` by `step` within `bounds`.
  public init<V: Strideable>(
    value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
    @ViewBuilder label: () -> ViewContent,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) {
    self.init(label: label().list.labelText, value: value, bounds: bounds, step: step)
  }

  /// A stepper labelled by `label` stepping `value` by `step`, unbounded.
  public init<V: Strideable>(
    value: Binding<V>, step: V.Stride = 1, @ViewBuilder label: () -> ViewContent,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) {
    self.init(label: label().list.labelText, value: value, bounds: nil, step: step)
  }

  /// A stepper called `title` whose steps call `onIncrement` and `onDecrement`.
  public init(
    _ title: String, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) {
    self.label = title
    self.value = nil
    self.increment = onIncrement
    self.decrement = onDecrement
  }

  /// A stepper labelled by `label` whose steps call `onIncrement` and `onDecrement`.
  public init(
    @ViewBuilder label: () -> ViewContent, onIncrement: (() -> Void)?,
    onDecrement: (() -> Void)?, onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) {
    self.init(label().list.labelText, onIncrement: onIncrement, onDecrement: onDecrement)
  }

  private init<V: Strideable>(
    label: String, value: Binding<V>, bounds: ClosedRange<V>?, step: V.Stride
  ) {
    self.label = label
    let current = value.wrappedValue
    self.value = "\(current)"
    let up = current.advanced(by: step)
    let down = current.advanced(by: -step)
    self.increment =
      bounds.map { current < $0.upperBound } ?? true
      ? { value.wrappedValue = bounds.map { Swift.min(up, $0.upperBound) } ?? up } : nil
    self.decrement =
      bounds.map { current > $0.lowerBound } ?? true
      ? { value.wrappedValue = bounds.map { Swift.max(down, $0.lowerBound) } ?? down } : nil
  }

  /// The stepper node; its value is the number.
  public var body: ViewContent {
    var node = ScreenNode(
      kind: .stepper, label: label, control: .step(increment: increment, decrement: decrement))
    node.value = value
    return ViewContent(node: node)
  }
}
