// Helpers shared by the NavProtocol tests: a seeded generator and random JSON values.

import NavProtocol

/// SplitMix64: a small seeded generator, so random tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random JSON values that exercise every case, escapes and awkward keys.
enum RandomJSON {
  static let keys = ["a", "b", "c", "name", "", "a/b", "m~n", "~1", "-", "0", "é", "k\"l"]
  static let strings = [
    "", "x", "hello world", "line\nbreak", "tab\there", "quote\"back\\slash", "slash/",
    "\u{0}\u{1}\u{1F}", "é€𝄞", "\u{2028}", "emoji 🙂",
  ]

  static func value(depth: Int = 4, using rng: inout SeededGenerator) -> JSONValue {
    let kind = Int.random(in: 0..<(depth > 0 ? 9 : 6), using: &rng)
    switch kind {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &rng))
    case 2:
      let choices = [
        0, 1, -1, 42, Int.max, Int.min, Int.random(in: -1_000_000...1_000_000, using: &rng),
      ]
      return .integer(choices.randomElement(using: &rng)!)
    case 3:
      let choices: [Double] = [
        0.5, -0.0, 0.1, 1e-7, 1.5e300, .leastNonzeroMagnitude, 123.456, 2.0,
        Double.random(in: -1e6...1e6, using: &rng),
        Double(bitPattern: UInt64.random(in: 0..<0x7FF0_0000_0000_0000, using: &rng)),
      ]
      return .number(choices.randomElement(using: &rng)!)
    case 4, 5: return .string(strings.randomElement(using: &rng)!)
    case 6: return .array(array(depth: depth, using: &rng))
    default: return .object(object(depth: depth, using: &rng))
    }
  }

  static func array(depth: Int, using rng: inout SeededGenerator) -> [JSONValue] {
    (0..<Int.random(in: 0...5, using: &rng)).map { _ in value(depth: depth - 1, using: &rng) }
  }

  static func object(depth: Int, using rng: inout SeededGenerator) -> JSONObject {
    var object = JSONObject()
    for _ in 0..<Int.random(in: 0...6, using: &rng) {
      object[keys.randomElement(using: &rng)!] = value(depth: depth - 1, using: &rng)
    }
    return object
  }

  /// A variation of `value`: some members and elements changed, added or removed, so a diff
  /// between the two is more than one replacement.
  static func mutate(_ value: JSONValue, depth: Int = 4, using rng: inout SeededGenerator)
    -> JSONValue
  {
    let roll = Int.random(in: 0..<10, using: &rng)
    if roll == 0 { return self.value(depth: depth, using: &rng) }
    switch value {
    case .object(var object):
      for key in object.keys where Int.random(in: 0..<4, using: &rng) == 0 {
        object[key] = nil
      }
      for key in object.keys {
        object[key] = mutate(object[key]!, depth: depth - 1, using: &rng)
      }
      for _ in 0..<Int.random(in: 0...2, using: &rng) {
        object[keys.randomElement(using: &rng)!] = self.value(depth: depth - 1, using: &rng)
      }
      return .object(object)
    case .array(var elements):
      elements = elements.map { mutate($0, depth: depth - 1, using: &rng) }
      if Bool.random(using: &rng), !elements.isEmpty {
        elements.removeLast(Int.random(in: 1...elements.count, using: &rng))
      } else {
        elements += array(depth: depth, using: &rng)
      }
      return .array(elements)
    default:
      return roll < 5 ? value : self.value(depth: depth, using: &rng)
    }
  }
}

/// Parses test input that is known to be valid JSON.
func json(_ text: String) -> JSONValue {
  do {
    return try JSONValue(parsing: text)
  } catch {
    preconditionFailure("Test JSON does not parse: \(error)")
  }
}
