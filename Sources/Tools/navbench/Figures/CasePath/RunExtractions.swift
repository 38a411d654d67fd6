// The case-path figures' timing loop, specialized for each extractor.

/// Runs `extractor` on `n` inputs, cycling through `inputs`, and returns a checksum.
///
/// Traps unless every extraction hit (`expectHits`) or every one missed.
@inline(never)
func runExtractions<X: Extractor>(
  _ extractor: X, inputs: [Event], iterations n: Int, expectHits: Bool, name: String
) -> Int {
  var sum = 0
  var hits = 0
  for index in 0..<n {
    let value = extractor.extract(from: inputs[index & (inputCount - 1)])
    if let value {
      hits &+= 1
      sum &+= value.checksum
    } else {
      sum &+= 1
    }
  }
  precondition(hits == (expectHits ? n : 0), "\(name): \(hits) hits in \(n) extractions")
  return sum
}
