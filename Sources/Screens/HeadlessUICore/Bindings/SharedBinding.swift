// A binding to shared state: `TextField("Name", text: Binding($user.name))`, as swift-sharing's
// SwiftUI integration gives it.

import Composable

extension Binding {
  /// A binding that reads `base`'s value and writes it under the shared reference's lock.
  public init(_ base: Shared<Value>) {
    self.init(
      get: { base.wrappedValue },
      set: { newValue in base.withLock { $0 = newValue } })
  }
}
