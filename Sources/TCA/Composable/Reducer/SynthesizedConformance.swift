// What `@Reducer(state:action:)` asks of an enum reducer's generated State and Action.

/// A conformance the compiler synthesizes, requested for an enum reducer's generated `State` or
/// `Action`: `@Reducer(state: .equatable, action: .sendable) enum Destination { … }`.
public struct _SynthesizedConformance: Sendable {
  let name: String

  /// `Codable`.
  public static let codable = Self(name: "Codable")
  /// `Decodable`.
  public static let decodable = Self(name: "Decodable")
  /// `Encodable`.
  public static let encodable = Self(name: "Encodable")
  /// `Equatable`.
  public static let equatable = Self(name: "Equatable")
  /// `Hashable`.
  public static let hashable = Self(name: "Hashable")
  /// `Sendable`.
  public static let sendable = Self(name: "Sendable")
}
