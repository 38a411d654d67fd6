// ExploreInvariants: the predicates over the state an exploration checks after every step.

import NavValue

/// The predicates over the state that an exploration, or a finding's repro, checks after every
/// step.
///
/// The hosting layer only calls them; where they come from is the caller's. NavScript's
/// `InvariantSet` is the one navd has: the `navd.invariant(name, predicate)` declarations of a Lua
/// file (``ExploreOptions/invariantsFile``) or of a running repro spec.
public protocol ExploreInvariants: AnyObject {
  /// The invariants that fail for `state`: their names and why, in declaration order.
  ///
  /// A predicate that raises has failed too; an error thrown here stops the walk.
  func failures(in state: DataValue) throws(NavError) -> [(name: String, message: String)]
}
