// Slider: a control that sets a number in a range (`app:set("Volume", 0.5)`).

/// A control that sets a value within a range, as SwiftUI's `Slider`: used with
/// `app:set(label, number)`, the number kept within the range and on its steps.
nonisolated public struct Slider: View, _PrimitiveView {
  let label: String
  let value: String
  let set: (Double) -> Void

  /// A slider setting `value` within `bounds`, labelled by `label`.
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
    @ViewBuilder label: () -> ViewContent = { ViewContent() },
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {
    self.init(value: value, in: bounds, step: nil, label: label().list.labelText)
  }

  /// A slider setting `value` within `bounds` by `step`, labelled by `label`.
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride,
    @ViewBuilder label: () -> ViewContent = { ViewContent() },
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {
    self.init(value: value, in: bounds, step: step, label: label().list.labelText)
  }

  /// A slider setting `value` within `bounds`, with labels for its ends.
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V>, @ViewBuilder label: () -> ViewContent,
    @ViewBuilder minimumValueLabel: () -> ViewContent,
    @ViewBuilder maximumValueLabel: () -> ViewContent,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {
    self.init(value: value, in: bounds, step: nil, label: label().list.labelText)
  }

  private init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride?, label: String
  ) where V.Stride: BinaryFloatingPoint {
    self.label = label
    self.value = "\(Double(value.wrappedValue))"
    self.set = { number in
      var new = Swift.min(Swift.max(V(number), bounds.lowerBound), bounds.upperBound)
      if let step, step > 0 {
        let steps = (Double(new - bounds.lowerBound) / Double(step)).rounded()
        new = bounds.lowerBound + V(steps * Double(step))
      }
      value.wrappedValue = new
    }
  }

  /// The slider node; its value is the number.
  public var body: ViewContent {
    var node = ScreenNode(kind: .slider, label: label, control: .set(set))
    node.value = value
    return ViewContent(node: node)
  }
}
