// SeededRandom: the explorer's source of choices, the same for the same seed on every machine.

/// SplitMix64 (Steele, Lea and Flood): a small generator whose sequence depends only on its
/// seed, unlike the system's, so a seed replays a walk anywhere.
package struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  package init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A number in `0..<bound`.
  mutating func next(below bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }

  /// Shuffles `elements` in place (Fisher–Yates), through this generator only.
  package mutating func shuffle<T>(_ elements: inout [T]) {
    guard elements.count > 1 else { return }
    for index in stride(from: elements.count - 1, to: 0, by: -1) {
      elements.swapAt(index, next(below: index + 1))
    }
  }
}
