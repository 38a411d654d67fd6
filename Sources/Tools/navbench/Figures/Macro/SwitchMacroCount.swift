// The hand-written switch extracting .count from a MacroEvent: the floor.

/// Through the hand-written `switch`.
struct SwitchMacroCount: MacroCountExtractor {
  func extract(from event: MacroEvent) -> Int? { switchMacroCount(event) }
}

/// The hand-written extraction.
@inline(never)
func switchMacroCount(_ event: MacroEvent) -> Int? {
  guard case .count(let value) = event else { return nil }
  return value
}
