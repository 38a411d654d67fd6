// ExploreNodeDigest: a screen's identity that every process computes alike — what shards deal
// the frontier by and what a merge joins their graphs on.

import NavValue

extension ExploreNodeKey {
  /// The key as 32 hex digits, the same in every process and on every machine.
  ///
  /// Swift's `Hasher` is seeded per process, so a node's `hashValue` means nothing to another
  /// shard. This digest hashes the canonical state (UUIDs already numbered in key order) and the
  /// shape with two 64-bit FNV-1a lanes of different multipliers: 128 bits, so that distinct
  /// screens of a graph of millions do not meet by chance. An object's fields are hashed each
  /// on its own, mixed, and summed: the sum does not depend on the dictionary's order, and no
  /// keys are sorted.
  var digest: String {
    var hash = DigestLanes()
    hash.append(state)
    hash.append(byte: 0xFF)
    for byte in shape { hash.append(byte: byte) }
    return hash.hex
  }
}

extension ExploreShard {
  /// One digest of a frontier's screens, whatever their order: what tells two shards that
  /// dealt the same screens from two that did not.
  static func digest(ofFrontier digests: [String]) -> String {
    var hash = DigestLanes()
    for digest in digests.sorted() { hash.append(bytes: digest) }
    return hash.hex
  }
}

/// Two FNV-1a lanes over the same bytes.
private struct DigestLanes {
  private var first: UInt64 = 0xcbf2_9ce4_8422_2325
  private var second: UInt64 = 0x8422_2325_cbf2_9ce4

  mutating func append(byte: UInt8) {
    first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    second = (second ^ UInt64(byte)) &* 0x9e37_79b9_7f4a_7c15
  }

  mutating func append(bytes text: String) {
    for byte in text.utf8 { append(byte: byte) }
    append(byte: 0)
  }

  mutating func append(integer value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) {
      append(byte: UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  /// Appends `value` tagged by its kind; an object's fields each hashed on their own, mixed and
  /// summed.
  mutating func append(_ value: DataValue) {
    switch value {
    case .null: append(byte: 0)
    case .bool(let flag): append(byte: flag ? 2 : 1)
    case .integer(let number):
      append(byte: 3)
      append(integer: UInt64(bitPattern: Int64(number)))
    case .number(let number):
      append(byte: 4)
      // -0.0 == 0.0, as the walk tells states apart: one bit pattern for both.
      append(integer: number == 0 ? 0 : number.bitPattern)
    case .string(let text):
      append(byte: 5)
      append(bytes: text)
    case .array(let elements):
      append(byte: 6)
      append(integer: UInt64(elements.count))
      for element in elements { append(element) }
    case .object(let fields):
      append(byte: 7)
      append(integer: UInt64(fields.count))
      var sums: (UInt64, UInt64) = (0, 0)
      for (key, field) in fields {
        var lanes = DigestLanes()
        lanes.append(bytes: key)
        lanes.append(field)
        sums.0 &+= Self.mixed(lanes.first)
        sums.1 &+= Self.mixed(lanes.second)
      }
      append(integer: sums.0)
      append(integer: sums.1)
    }
  }

  /// MurmurHash3's 64-bit finalizer: every bit of `value` moves every bit of the result, so
  /// that sums of fields' hashes do not cancel.
  private static func mixed(_ value: UInt64) -> UInt64 {
    var value = value
    value ^= value >> 33
    value &*= 0xff51_afd7_ed55_8ccd
    value ^= value >> 33
    value &*= 0xc4ce_b9fe_1a85_ec53
    value ^= value >> 33
    return value
  }

  var hex: String {
    func padded(_ value: UInt64) -> String {
      let text = String(value, radix: 16)
      return String(repeating: "0", count: 16 - text.count) + text
    }
    return padded(first) + padded(second)
  }
}
