// How an action reads in test failures and warnings: through its wrapper when it has one.

/// Returns how an action reads in test failures: through its wrapper when it has one.
func describeAction(_ action: Any) -> String {
  if let wrapper = action as? any ActionWrapper { return describeAction(wrapper.wrappedAction) }
  return StateDump.render(action)
}

/// An action type that wraps another, such as the test store's record of where an action came
/// from.
protocol ActionWrapper {
  var wrappedAction: Any { get }
}
