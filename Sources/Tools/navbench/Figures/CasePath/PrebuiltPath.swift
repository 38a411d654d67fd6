// Extraction through a case path built once: what the /Event.case figures measure.

import Composable

/// Extracts through a case path built once, outside the timing loop.
struct PrebuiltPath<Value: Checksummable>: Extractor {
  let path: CasePath<Event, Value>
  func extract(from event: Event) -> Value? { extractThrough(path, from: event) }
}

/// Extracts through `path`; a call the optimizer cannot inline, like the `switch` floors.
@inline(never)
func extractThrough<Value>(_ path: CasePath<Event, Value>, from event: Event) -> Value? {
  path.extract(from: event)
}
