// The case key path figures' timing loop, specialized for each extractor.

/// Runs `extractor` on `n` inputs cycling through `inputs`; traps unless every one hit
/// (`expectHits`) or every one missed.
@inline(never)
func runMacroExtractions<X: MacroCountExtractor>(
  _ extractor: X, inputs: [MacroEvent], iterations n: Int, expectHits: Bool
) -> Int {
  var sum = 0
  var found = 0
  for index in 0..<n {
    if let value = extractor.extract(from: inputs[index & 63]) {
      found &+= 1
      sum &+= value
    } else {
      sum &+= 1
    }
  }
  precondition(found == (expectHits ? n : 0), "\(found) hits in \(n) extractions")
  return sum
}
