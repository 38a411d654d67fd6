// SharedKeyDefault: a key that carries its default value, so `@Shared(.isOn) var isOn` needs
// none at the use site.

extension SharedReaderKey {
  /// A key with a default value: `Self[.appStorage("isOn"), default: false]`.
  public typealias Default = _SharedKeyDefault<Self>
}

/// A key paired with the value it starts from when storage holds none.
///
/// ```swift
/// extension SharedKey where Self == AppStorageKey<Bool>.Default {
///   static var isOn: Self { Self[.appStorage("isOn"), default: false] }
/// }
/// ```
public struct _SharedKeyDefault<Base: SharedReaderKey>: SharedReaderKey {
  let base: Base
  let defaultValue: @Sendable () -> Base.Value

  /// The base key's identity: a default does not make another storage.
  public var id: Base.ID { base.id }

  /// The default value.
  public var initialValue: Base.Value { defaultValue() }

  /// `key` with `value` as its default.
  public static subscript(
    _ key: Base, default value: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: key, defaultValue: value)
  }

  /// Loads through the base key.
  public func load(context: LoadContext<Base.Value>, continuation: LoadContinuation<Base.Value>) {
    base.load(context: context, continuation: continuation)
  }

  /// Subscribes through the base key.
  public func subscribe(
    context: LoadContext<Base.Value>, subscriber: SharedSubscriber<Base.Value>
  ) -> SharedSubscription {
    base.subscribe(context: context, subscriber: subscriber)
  }
}

extension _SharedKeyDefault: SharedKey where Base: SharedKey {
  /// Saves through the base key.
  public func save(_ value: Base.Value, context: SaveContext, continuation: SaveContinuation) {
    base.save(value, context: context, continuation: continuation)
  }
}

extension _SharedKeyDefault: CustomStringConvertible {
  /// The base key's description.
  public var description: String {
    (base as? any CustomStringConvertible)?.description ?? String(describing: Base.self)
  }
}
