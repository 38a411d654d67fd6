// Extraction of .count through a case key path resolved once: the measured side.

import Composable

/// Through a case key path resolved once.
struct CaseKeyPathCount: MacroCountExtractor {
  let path: AnyCasePath<MacroEvent, Int>
  func extract(from event: MacroEvent) -> Int? { extractCount(path, event) }
}

/// Extracts through a resolved case key path; a call the optimizer cannot see through.
@inline(never)
func extractCount(_ path: AnyCasePath<MacroEvent, Int>, _ event: MacroEvent) -> Int? {
  path.extract(from: event)
}
