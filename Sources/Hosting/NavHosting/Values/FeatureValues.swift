// FeatureValues: how one feature's state and actions cross into the value model — through
// Codable where its types conform, through reflection where they do not — chosen once.

import Composable
import NavValue

/// The ways a feature's state or actions cross into the value model.
public enum ValueCoding: String, Sendable {
  /// Through the type's own `Encodable` / `Decodable`.
  case codable
  /// Through reflection: `Mirror` to read, the runtime's metadata to build.
  case reflection
}

/// How one feature's state and actions are encoded, built and compared.
///
/// Each path is chosen once, when the feature is made, from what its types conform to:
/// `Encodable` and `Decodable` are used where present, ``ReflectedEncoder`` and
/// ``ValueBuilder`` otherwise. Equality is `Equatable`'s where present, and the encoded forms'
/// otherwise.
package struct FeatureValues<State, Action>: @unchecked Sendable {
  /// How state is encoded: `Encodable`, or reflection.
  let stateEncoding: ValueCoding
  /// How state is built from the value model: `Decodable`, or by setting fields.
  let stateBuilding: ValueCoding
  /// How actions are built from the value model.
  let actionBuilding: ValueCoding

  package let encodeState: (State) throws(NavError) -> DataValue
  let encodeAction: (Action) -> DataValue
  private let decodeAction: (DataValue) throws(NavError) -> Action
  private let buildState: (DataValue, State?, Bool) throws(NavError) -> State
  package let statesEqual: (State, State) -> Bool
  /// Whether ``statesEqual`` is the state's own `Equatable` `==`, not a comparison of encodings.
  let statesAreEquatable: Bool
  package let actionsEqual: (Action, Action) -> Bool
  /// The actions payload-less paths were built into, shared by every store of the feature.
  let actionCache = ActionCache<Action>()

  package init() {
    let (stateEncoding, encodeState) = Self.encoder(State.self)
    let (_, encodeAction) = Self.encoder(Action.self)
    self.stateEncoding = stateEncoding
    self.encodeState = encodeState
    self.encodeAction = { (try? encodeAction($0)) ?? .null }
    let (actionBuilding, decodeAction) = Self.builder(Action.self)
    self.actionBuilding = actionBuilding
    self.decodeAction = { value throws(NavError) in try decodeAction(value, "action") }
    let (stateBuilding, decodeState) = Self.builder(State.self)
    self.stateBuilding = stateBuilding
    if stateBuilding == .codable {
      self.buildState = { value, _, complete throws(NavError) in
        try decodeState(value, complete ? "expected state" : "state")
      }
    } else {
      self.buildState = { value, base, complete throws(NavError) in
        try ValueModel.build(
          State.self, from: value, base: base, complete: complete,
          what: complete ? "expected state" : "state")
      }
    }
    self.statesEqual = Self.equality(State.self, encode: encodeState)
    self.statesAreEquatable = State.self is any Equatable.Type
    self.actionsEqual = Self.equality(Action.self, encode: encodeAction)
  }

  // MARK: - Use

  /// Decodes an action, first resolving its stack positions (`element(-1)`, `@1`) against the
  /// current state, which `state` gives; it is read only when the action has positions.
  package func action(from tree: DataValue, state: () throws(NavError) -> DataValue)
    throws(NavError)
    -> Action
  {
    let resolved =
      StackPositions.mentionsPositions(tree) ? try StackPositions.resolve(tree, in: state()) : tree
    return try decodeAction(resolved)
  }

  /// The state a store launches from: `value` (the `state` launch option, or saved state) built
  /// over `initial`, or `initial` itself.
  ///
  /// Through `Decodable`, `value` is the whole state; otherwise it names the fields it changes.
  /// Stack element ids the state names are reserved in `stackElementIDs`, the generator the
  /// store will push with; elements without one get theirs from it.
  package func launchState(
    _ value: DataValue?, initial: () -> State, stackElementIDs: StackElementIDGenerator,
    dependencies: (inout DependencyValues) -> Void = { _ in }
  ) throws(NavError) -> State {
    // Made with the store's dependencies, as a store makes its state: `@Shared` keys find the
    // store's storages, `@Dependency`s the store's values.
    let built: Result<State, NavError> = withDependencies {
      dependencies(&$0)
      $0.stackElementID = stackElementIDs
    } operation: {
      do throws(NavError) {
        guard let value else { return .success(initial()) }
        let base = stateBuilding == .codable ? nil : initial()
        return .success(try buildState(value, base, false))
      } catch {
        return .failure(error)
      }
    }
    return try built.get()
  }

  /// `state` changed to `value`, a changed encoding of it (an expected state in a test store):
  /// an optional it leaves out is `nil`.
  package func state(_ value: DataValue, changing state: State) throws(NavError) -> State {
    try buildState(value, state, true)
  }

  /// Why saved state cannot be restored, or `nil` when it can.
  ///
  /// The initial state, encoded and built back, must encode the same.
  func checkRestorable(_ initial: State) -> NavError? {
    do {
      let encoded = try encodeState(initial)
      let rebuilt = try launchState(
        encoded, initial: { initial }, stackElementIDs: StackElementIDGenerator())
      guard try encodeState(rebuilt) == encoded else {
        return NavError("its state does not read back as it was written")
      }
      return nil
    } catch {
      return error
    }
  }

  // MARK: - Choosing the paths

  private static func encoder<T>(_: T.Type) -> (ValueCoding, (T) throws(NavError) -> DataValue) {
    func codable<E: Encodable>(_: E.Type) -> (T) throws(NavError) -> DataValue {
      { value throws(NavError) in try ValueModel.encode(value as! E) }
    }
    if let encodable = T.self as? any Encodable.Type { return (.codable, codable(encodable)) }
    return (.reflection, { value throws(NavError) in try ReflectedEncoder.encode(value) })
  }

  /// How a `T` is built, and the builder, which takes what it builds (`action`, `state`) for
  /// its errors.
  private static func builder<T>(_: T.Type)
    -> (ValueCoding, (DataValue, String) throws(NavError) -> T)
  {
    func codable<D: Decodable>(_: D.Type) -> (DataValue, String) throws(NavError) -> T {
      { value, what throws(NavError) in
        try ValueModel.decode(D.self, from: value, what: what) as! T
      }
    }
    if let decodable = T.self as? any Decodable.Type { return (.codable, codable(decodable)) }
    return (
      .reflection,
      { value, what throws(NavError) in
        try ValueModel.build(T.self, from: value, base: nil, what: what)
      }
    )
  }

  private static func equality<T>(_: T.Type, encode: @escaping (T) throws(NavError) -> DataValue)
    -> (T, T) -> Bool
  {
    func equatable<E: Equatable>(_: E.Type) -> (T, T) -> Bool {
      { ($0 as! E) == ($1 as! E) }
    }
    if let type = T.self as? any Equatable.Type { return equatable(type) }
    return { lhs, rhs in
      // In a test store's check, the expected side reads shared values' snapshots.
      let comparing = SharedTesting.isComparing
      let left = SharedTesting.withMode(comparing ? .expected : .live) { try? encode(lhs) }
      let right = SharedTesting.withMode(.live) { try? encode(rhs) }
      guard let left, let right else { return false }
      return left == right
    }
  }
}
