// BindingAction: an action that sets one property of state, and its `\.binding.name` cases.

/// An action that sets one property of a feature's state: what a two-way binding sends.
///
/// As TCA 1.7+ writes it for `@ObservableState` features: `.binding(.set(\.name, "Blob"))`, or
/// in a test `store.send(\.binding.name, "Blob")`. ``BindingReducer`` applies it.
public struct BindingAction<Root>: @unchecked Sendable {
  /// The property it sets.
  public let keyPath: PartialKeyPath<Root>
  /// The value it sets, type-erased.
  let value: any Sendable
  let apply: @Sendable (inout Root) -> Void
  let isValueEqual: @Sendable (any Sendable) -> Bool

  /// An action setting `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>, _ value: Value
  ) -> Self {
    nonisolated(unsafe) let keyPath = keyPath
    return BindingAction(
      keyPath: keyPath, value: value,
      apply: { $0[keyPath: keyPath] = value },
      isValueEqual: { ($0 as? Value) == value })
  }

  /// Sets the property in `root`.
  public func set(_ root: inout Root) { apply(&root) }

  /// The value, when `keyPath` is the property this action sets.
  public func value<Value>(ifSetting keyPath: WritableKeyPath<Root, Value>) -> Value? {
    self.keyPath == keyPath ? value as? Value : nil
  }
}

extension BindingAction: Equatable {
  /// Equal when they set the same property to equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.isValueEqual(rhs.value)
  }
}

extension BindingAction {
  /// Whether `bindingAction` sets the property at `keyPath`: the pattern
  /// `case .binding(\.isComplete):` in a reducer's `switch`, as in TCA.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, bindingAction: Self) -> Bool
  {
    bindingAction.keyPath == keyPath
  }
}

extension BindingAction: CustomReflectable {
  /// Reflects as the property it sets and the value, for dumps and diffs.
  public var customMirror: Mirror {
    Mirror(self, children: ["keyPath": "\(keyPath)", "value": value], displayStyle: .struct)
  }
}

extension Case {
  /// A property a binding sets, as a case: `\.binding.name` for `.binding(.set(\.name, …))`.
  public subscript<Root, Member: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<Root, Member>
  ) -> Case<Member> where Value == BindingAction<Root> {
    nonisolated(unsafe) let keyPath = keyPath
    return Case<Member>(
      rooted: rooted.appending(
        AnyCasePath<BindingAction<Root>, Member>(
          embed: { .set(keyPath, $0) },
          extract: { $0.value(ifSetting: keyPath) })))
  }
}
