// Environment: a view's property that reads its environment, as SwiftUI's `@Environment`.

/// A property that reads a value from the view's environment: `@Environment(\.dismiss) var
/// dismiss`, or an observable object put there by type: `@Environment(Model.self) var model`.
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
  let box: EnvironmentBox<Value>

  /// Reads the value at `keyPath`.
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
    nonisolated(unsafe) let keyPath = keyPath
    box = EnvironmentBox { $0[keyPath: keyPath] }
  }

  /// Reads the object of type `type` that a view around this one put in the environment.
  public init(_ type: Value.Type) where Value: AnyObject {
    box = EnvironmentBox { values in
      guard let object = values[objectOf: type] as? Value else {
        preconditionFailure(
          "No \(type) in the environment: a view around this one must set `.environment(_:)`")
      }
      return object
    }
  }

  /// The value where the view was last rendered.
  public var wrappedValue: Value { box.value }
}

extension Environment: ViewStateLinking {
  func link(in pass: RenderPass, label: String) {
    box.resolved = box.read(pass.environment)
  }
}

extension Environment: @unchecked Sendable where Value: Sendable {}

/// An environment property's value, read when its view renders.
final class EnvironmentBox<Value>: @unchecked Sendable {
  let read: (EnvironmentValues) -> Value
  var resolved: Value?

  init(read: @escaping (EnvironmentValues) -> Value) { self.read = read }

  var value: Value { resolved ?? read(EnvironmentValues()) }
}

extension View {
  /// Sets the environment value at `keyPath` for this view and those inside it.
  nonisolated public func environment<V>(
    _ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V
  ) -> ViewContent {
    nonisolated(unsafe) let keyPath = keyPath
    nonisolated(unsafe) let value = value
    let content =
      RenderPass.current.map { pass in
        pass.withEnvironment({ $0[keyPath: keyPath] = value }) { _render() }
      } ?? _render()
    // Views declared before the modifier (a list's toolbar) rendered without it: its edit
    // buttons get the edit mode now.
    if let editMode = value as? Binding<EditMode>? {
      return content.connectingEditButtons(to: editMode)
    }
    return content
  }

  /// Puts `object` in the environment of this view and those inside it, found by its type.
  nonisolated public func environment<T: AnyObject>(_ object: T?) -> ViewContent {
    nonisolated(unsafe) let object = object
    guard let pass = RenderPass.current else { return _render() }
    return pass.withEnvironment({ $0[objectOf: T.self] = object }) { _render() }
  }
}
