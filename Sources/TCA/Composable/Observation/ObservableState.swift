// ObservableState: state Observation tracks, with an identity copies share until one changes.

import Foundation
import Observation

/// State whose properties the toolchain's Observation tracks: what `@ObservableState` conforms.
///
/// Each value carries an identity, ``_$id``, that copies share until one of them is changed
/// (``_$willModify()``); navigation and observation use it to tell "the same screen, changed"
/// from "another screen".
public protocol ObservableState: Observable {
  /// The identity of this value.
  var _$id: ObservableStateID { get }
  /// Gives this value a new identity, before it changes.
  mutating func _$willModify()
}

/// The identity of an ``ObservableState`` value.
public struct ObservableStateID: Hashable, Sendable {
  private var location: UUID
  private var tags: [Int]

  /// A new identity.
  public init() {
    self.location = UUID()
    self.tags = []
  }

  /// The identity of `value`: its own when it is observable state, else a new one.
  public static func _$id<T>(for value: T) -> Self {
    (value as? any ObservableState)?._$id ?? Self()
  }

  /// This identity, tagged with the case `tag` of an enum that holds it.
  public func _$tag(_ tag: Int) -> Self {
    var copy = self
    copy.tags.append(tag)
    return copy
  }

  /// A new identity, for a value about to change.
  public mutating func _$willModify() { location = UUID() }
}

/// Whether two values are the same observable value (same identity); `false` for anything
/// else, so that a change to a plain value is always reported.
public func _$isIdentityEqual<T>(_ lhs: T, _ rhs: T) -> Bool {
  guard let lhs = lhs as? any ObservableState, let rhs = rhs as? any ObservableState else {
    return false
  }
  return lhs._$id == rhs._$id
}

/// Changes `value` in place, giving it a new identity first when it is observable state.
public func _$willModify<T>(_ value: inout T) {}

/// Changes `value` in place, giving it a new identity first.
public func _$willModify<T: ObservableState>(_ value: inout T) { value._$willModify() }
