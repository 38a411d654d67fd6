// Case key paths: `\Action.Cases.child` chains, resolved into case paths, callable to embed.

/// A key path to one case of an enum: `\Action.Cases.child`, or `\.child` where the root is
/// known, as swift-case-paths spells it.
///
/// Chains go through every `@CasePathable` payload: `\.destination.addContact.setName`.
public typealias CaseKeyPath<Root, Value> = KeyPath<Case<Root>, Case<Value>>

/// One step of a case key path: the cases reachable from an enum of type `Value`.
///
/// A case key path is a key path from `Case<Root>` to `Case<Value>`; each `Case` carries the
/// path from the root, typed, so applying the key path once yields an ``AnyCasePath`` that
/// extracts with the generated `switch`es and no boxing.
@dynamicMemberLookup
public struct Case<Value>: Sendable {
  let rooted: any RootedCasePath<Value>

  init(rooted: any RootedCasePath<Value>) { self.rooted = rooted }

  /// The root of a chain: the whole value.
  public init() { self.rooted = Rooted<Value, Value>(path: .self, isWhole: true) }

  /// The case `keyPath` names in `Value`'s cases.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<Value.AllCasePaths, AnyCasePath<Value, Member>>
  ) -> Case<Member> where Value: CasePathable {
    Case<Member>(rooted: rooted.appending(Value.allCasePaths[keyPath: keyPath]))
  }
}

/// The typed path from some root to a `Value`, behind a `Case<Value>`.
protocol RootedCasePath<Value>: Sendable {
  associatedtype Value
  /// This path followed by `next`.
  func appending<Member>(_ next: AnyCasePath<Value, Member>) -> any RootedCasePath<Member>
}

/// The path from `Root` to `Value`.
struct Rooted<Root, Value>: RootedCasePath {
  let path: AnyCasePath<Root, Value>
  /// Whether `path` is the whole value (`Root` is `Value`): the first step then is the path
  /// itself, not a composition that calls through an identity.
  var isWhole = false

  func appending<Member>(_ next: AnyCasePath<Value, Member>) -> any RootedCasePath<Member> {
    if isWhole, let first = next as? AnyCasePath<Root, Member> {
      return Rooted<Root, Member>(path: first)
    }
    return Rooted<Root, Member>(path: path.appending(path: next))
  }
}

extension AnyCasePath {
  /// The path a case key path names, resolved once, for extracting and embedding many times.
  public init(_ keyPath: CaseKeyPath<Root, Value>) {
    let step = Case<Root>()[keyPath: keyPath]
    guard let rooted = step.rooted as? Rooted<Root, Value> else {
      // Only `Case<Root>()` starts a chain, so every path through it is rooted at Root.
      preconditionFailure("a case key path of \(Root.self) did not start at \(Root.self)")
    }
    self = rooted.path
  }
}

extension KeyPath {
  /// Embeds `value` in the case this case key path names: `(\Action.Cases.setName)("Blob")`.
  public func callAsFunction<Enum, Payload>(_ value: Payload) -> Enum
  where Root == Case<Enum>, Value == Case<Payload> {
    AnyCasePath(self).embed(value)
  }

  /// Embeds the case this case key path names, which holds no payload.
  public func callAsFunction<Enum>() -> Enum where Root == Case<Enum>, Value == Case<Void> {
    AnyCasePath(self).embed(())
  }
}
