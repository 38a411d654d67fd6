// SpecRecording: a stretch of a session's history for the page's "record a spec", and the
// writer the host gives the inspector to turn it into Lua.

import NavProtocol

/// A stretch of a session's history to write as a Lua spec: where it starts and what came after.
///
/// The inspector reads it from navd (`session.history` with `before`); the host that runs the
/// inspector writes it (NavKit writes `record`'s specs), so the inspector itself knows no Lua.
public struct SpecRecording: Sendable {
  /// The session's feature.
  public var feature: String
  /// The session recorded.
  public var session: String
  /// The state at the version the recording starts from.
  public var initialState: JSONValue
  /// The entries after it, as `session.history` gives them (with their patches).
  public var entries: [JSONValue]
  /// `test-store` (each change asserted) or `launch` (the clients' actions, then the end state).
  public var style: String
}

/// Writes a recording as the text of a `*_spec.lua`; throws with a message a person reads.
public typealias SpecWriter = @Sendable (SpecRecording) throws -> String
