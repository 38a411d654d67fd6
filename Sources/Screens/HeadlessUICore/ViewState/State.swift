// State: a view's own value, as SwiftUI's `@State`, kept by the view's identity.

/// A value a view owns, as SwiftUI's `@State`: it outlives the view's value (rebuilt on every
/// render) for as long as the view is on screen, and resets when the view leaves.
///
/// ```swift
/// struct ComposerView: View {
///   @State private var draft = ""
///   var body: some View { TextField("Message", text: $draft) }
/// }
/// ```
///
/// Kept by the host that renders the view (``ViewStateStorage``), by the view's identity; a
/// view rendered outside a host keeps the value in the wrapper itself.
@propertyWrapper
public struct State<Value>: DynamicProperty {
  let location: StateLocation<Value>

  /// A state whose first value is `value`.
  public init(wrappedValue value: Value) { location = StateLocation(initial: value) }

  /// A state whose first value is `value`.
  public init(initialValue value: Value) { location = StateLocation(initial: value) }

  /// The value now; setting it re-renders the view's screen.
  public var wrappedValue: Value {
    get { location.value }
    nonmutating set { location.value = newValue }
  }

  /// A binding to the value, for a control to change it: `TextField("Name", text: $name)`.
  public var projectedValue: Binding<Value> {
    let location = self.location
    return Binding(get: { location.value }, set: { location.value = $0 })
  }
}

extension State where Value: ExpressibleByNilLiteral {
  /// A state whose first value is `nil`.
  public init() { location = StateLocation(initial: nil) }
}

extension State: ViewStateLinking {
  func link(in pass: RenderPass, label: String) {
    let initial = location.initial
    location.cell = pass.storage.cell(at: pass.identity, label: label) { initial }
  }
}

extension State: @unchecked Sendable where Value: Sendable {}

/// Where a `@State`'s value is: its cell in a host, or the wrapper's own value.
final class StateLocation<Value>: @unchecked Sendable {
  var initial: Value
  var cell: StateCell?

  init(initial: Value) { self.initial = initial }

  var value: Value {
    get {
      guard let cell else { return initial }
      return cell.value as? Value ?? initial
    }
    set {
      if let cell { cell.value = newValue } else { initial = newValue }
    }
  }
}

/// A property of a view that SwiftUI updates before each `body`: `@State`, `@Environment`,
/// `@FocusState`, `@Bindable`, and types of one's own made of them.
public protocol DynamicProperty {
  /// Called before the view's body is computed; nothing to do by default.
  mutating func update()
}

extension DynamicProperty {
  /// Does nothing.
  public mutating func update() {}
}
