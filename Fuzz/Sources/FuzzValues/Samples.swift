// Types beyond the case studies' for the decoder to read: every scalar width, optionals,
// collections, raw-value enums and enums with every shape of payload.

/// A struct with a field of each kind the value model has.
public struct Sample: Codable, Equatable, Sendable {
  var small: Int8
  var unsigned: UInt16
  var big: UInt64?
  var ratio: Float?
  var real: Double
  var text: String
  var flag: Bool?
  var list: [Int32]
  var table: [String: [Bool]]?
  var choice: Choice
  var choices: [Choice]?
  var raw: Raw?
  var set: Set<Int>?
}

/// An enum with a case of each payload shape: none, one unlabeled, labeled, several, recursive.
public indirect enum Choice: Codable, Equatable, Sendable {
  case plain
  case one(String)
  case labeled(x: Int, y: Double?)
  case pair(Int8, String)
  case nested(Choice)
  case many([Choice])
}

/// An enum with string raw values.
public enum Raw: String, Codable, Equatable, Sendable {
  case alpha, beta
}
