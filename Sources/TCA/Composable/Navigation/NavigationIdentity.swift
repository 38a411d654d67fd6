// The identity of presented state, whose change ends a presentation, and ephemeral state.

import NavSync

/// Computes the identity of presented state: which place it is presented at (the key path),
/// which case it is in (for enum state), and its `id` (for `Identifiable` state).
///
/// When the identity of presented state changes — it becomes `nil`, switches case, or is replaced
/// by a value with another id — the old presentation is over and its effects are cancelled.
@usableFromInline
enum NavigationIdentity {
  @usableFromInline
  static func id<State>(of state: State, at place: AnyKeyPath?) -> NavigationID {
    let tag = EnumMetadata(State.self)?.tag(of: state)
    if let identifiable = state as? any Identifiable {
      return NavigationID(kind: State.self, place: place, tag: tag, identity: idOf(identifiable))
    }
    return NavigationID(kind: State.self, place: place, tag: tag)
  }
}

private func idOf<Value: Identifiable>(_ value: Value) -> AnyHashable { AnyHashable(value.id) }

/// State that goes away by itself after one of its actions, as alerts and dialogs do.
public protocol _EphemeralState {}

/// Tells whether presented state is ephemeral: an alert or dialog itself, or an enum case (of a
/// `Destination`) that holds one.
@usableFromInline
enum Ephemerality {
  private static let cases = Protected<[Key: Bool]>([:])

  private struct Key: Hashable {
    let type: ObjectIdentifier
    let tag: UInt32
  }

  @usableFromInline
  static func isEphemeral<State>(_ state: State) -> Bool {
    if state is any _EphemeralState { return true }
    guard let metadata = EnumMetadata(State.self) else { return false }
    let key = Key(type: ObjectIdentifier(State.self), tag: metadata.tag(of: state))
    if let known = cases.withLock({ $0[key] }) { return known }
    let payload = Mirror(reflecting: state).children.first?.value
    let ephemeral = payload is any _EphemeralState
    cases.withLock { $0[key] = ephemeral }
    return ephemeral
  }
}
