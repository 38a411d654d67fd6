// RenderPass: one render of a hosted view tree, which gives each view its identity, its state
// and its lifecycle hooks.

/// One render of a hosted tree: where the render is, what views it met, and the lifecycle hooks
/// they declared.
///
/// Only a host's render has one (``ViewHost``); a view rendered on its own (`_render()` in a
/// benchmark) has no identity and keeps no state beyond its own value.
final class RenderPass: @unchecked Sendable {
  /// The render in progress on this task or thread.
  @TaskLocal static var current: RenderPass?

  /// The host's view state, which outlives renders.
  let storage: ViewStateStorage
  /// Where the render is now.
  private(set) var identity = ViewIdentity.root
  /// How many children of each kind the views being rendered have had so far, innermost last.
  private var ordinals: [[ViewIdentity.Component: Int]] = [[:]]
  /// The identities met, for the state of those not met to be dropped.
  private(set) var met: Set<ViewIdentity> = []
  /// The environment, as the modifiers around the view being rendered set it.
  var environment: EnvironmentValues

  init(storage: ViewStateStorage, environment: EnvironmentValues) {
    self.storage = storage
    self.environment = environment
  }

  /// Renders `body` one level down, at `component`, numbered among its siblings alike.
  func descend<T>(_ component: ViewIdentity.Component, _ body: () -> T) -> T {
    let key: ViewIdentity.Component
    switch component {
    case .view(let type, _):
      let ordinal = ordinals[ordinals.count - 1][.view(type: type, ordinal: 0), default: 0]
      ordinals[ordinals.count - 1][.view(type: type, ordinal: 0)] = ordinal + 1
      key = .view(type: type, ordinal: ordinal)
    case .slot(let kind, _):
      let ordinal = ordinals[ordinals.count - 1][.slot(kind, ordinal: 0), default: 0]
      ordinals[ordinals.count - 1][.slot(kind, ordinal: 0)] = ordinal + 1
      key = .slot(kind, ordinal: ordinal)
    case .element:
      key = component
    }
    let outer = identity
    identity = identity.appending(key)
    met.insert(identity)
    ordinals.append([:])
    defer {
      ordinals.removeLast()
      identity = outer
    }
    return body()
  }

  /// The identity of the next slot of `kind` at this level, taken (the next one asks anew).
  func nextSlot(_ kind: String) -> ViewIdentity {
    let ordinal = ordinals[ordinals.count - 1][.slot(kind, ordinal: 0), default: 0]
    ordinals[ordinals.count - 1][.slot(kind, ordinal: 0)] = ordinal + 1
    let slot = identity.appending(.slot(kind, ordinal: ordinal))
    met.insert(slot)
    return slot
  }

  /// Renders `body` with the environment changed by `change`.
  func withEnvironment<T>(_ change: (inout EnvironmentValues) -> Void, _ body: () -> T) -> T {
    let outer = environment
    change(&environment)
    defer { environment = outer }
    return body()
  }
}

extension ViewIdentity {
  /// Renders the body of a view of `type` under its identity, when a host renders.
  static func rendering(_ type: Any.Type, _ body: () -> ViewContent) -> ViewContent {
    guard let pass = RenderPass.current else { return body() }
    return pass.descend(.view(type: ObjectIdentifierBox(type), ordinal: 0), body)
  }

  /// Renders the content of a `ForEach` element under its id, when a host renders.
  static func element(_ id: AnyHashable, _ body: () -> ViewContent) -> ViewContent {
    guard let pass = RenderPass.current else { return body() }
    return pass.descend(.element(AnyHashableSendable(value: id)), body)
  }
}
