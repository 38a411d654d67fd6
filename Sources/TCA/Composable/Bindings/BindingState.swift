// BindingState: the 1.0–1.6 dialect's mark on a state property that views may bind to.

/// A property of state that a view may set through a binding, as TCA's `@BindingState` (the
/// dialect before `@ObservableState`).
///
/// ```swift
/// struct State: Equatable {
///   @BindingState var isOn = false
/// }
/// // a binding action names the wrapper, `\.$isOn`:
/// store.send(.binding(.set(\.$isOn, true)))
/// // and a reducer matches it: `case .binding(\.$isOn):`
/// ```
///
/// TCA deprecates it in favour of `@ObservableState`, whose properties bind without a mark;
/// navd keeps it so features written in that dialect, and their tests, build unchanged.
@propertyWrapper
@dynamicMemberLookup
public struct BindingState<Value> {
  /// The property's value.
  public var wrappedValue: Value

  /// Marks a property whose first value is `value`.
  public init(wrappedValue value: Value) { self.wrappedValue = value }

  /// The wrapper itself, so that `\.$isOn` names the bindable property.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// A property of the value, itself bindable: `\.$settings.isOn`.
  public subscript<Subject>(
    dynamicMember keyPath: WritableKeyPath<Value, Subject>
  ) -> BindingState<Subject> {
    get { BindingState<Subject>(wrappedValue: wrappedValue[keyPath: keyPath]) }
    set { wrappedValue[keyPath: keyPath] = newValue.wrappedValue }
  }
}

extension BindingState: Equatable where Value: Equatable {}
extension BindingState: Hashable where Value: Hashable {}
extension BindingState: Sendable where Value: Sendable {}

extension BindingState: Decodable where Value: Decodable {
  /// Decodes the value alone, as the property without the mark would be.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try Value(from: decoder))
  }
}

extension BindingState: Encodable where Value: Encodable {
  /// Encodes the value alone, as the property without the mark would be.
  public func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}

extension BindingState: CustomReflectable {
  /// Reflects as the value, so dumps and diffs show the property, not its wrapper.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

extension BindingState: CustomStringConvertible {
  /// The value's description.
  public var description: String { String(describing: wrappedValue) }
}

extension BindingAction {
  /// An action setting the `@BindingState` property at `keyPath` (`\.$isOn`) to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, BindingState<Value>>, _ value: Value
  ) -> Self {
    nonisolated(unsafe) let keyPath = keyPath
    return BindingAction(
      keyPath: keyPath, value: value,
      apply: { $0[keyPath: keyPath].wrappedValue = value },
      isValueEqual: { ($0 as? Value) == value })
  }

  /// Whether `bindingAction` sets the `@BindingState` property at `keyPath`: the pattern
  /// `case .binding(\.$isOn):`.
  public static func ~= <Value>(
    keyPath: WritableKeyPath<Root, BindingState<Value>>, bindingAction: Self
  ) -> Bool {
    bindingAction.keyPath == keyPath
  }

  /// The value, when the action sets the `@BindingState` property at `keyPath`.
  public func value<Value>(ifSetting keyPath: WritableKeyPath<Root, BindingState<Value>>) -> Value?
  {
    self.keyPath == keyPath ? value as? Value : nil
  }
}

extension BindableAction {
  /// The binding action that sets the `@BindingState` property at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, BindingState<Value>>, _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}

extension Case {
  /// A `@BindingState` property as a case: `\.binding.$isOn` for `.binding(.set(\.$isOn, …))`.
  public subscript<Root, Member: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<Root, BindingState<Member>>
  ) -> Case<Member> where Value == BindingAction<Root> {
    nonisolated(unsafe) let keyPath = keyPath
    return Case<Member>(
      rooted: rooted.appending(
        AnyCasePath<BindingAction<Root>, Member>(
          embed: { .set(keyPath, $0) },
          extract: { $0.value(ifSetting: keyPath) })))
  }
}
