// The hand-written switch extracting .count: the floor of the /Event.count figures.

/// Extracts `.count`'s payload with a `switch`: the floor of `/Event.count`.
struct SwitchCount: Extractor {
  func extract(from event: Event) -> Int? { switchCount(event) }
}

/// The hand-written extraction of `.count`.
@inline(never)
func switchCount(_ event: Event) -> Int? {
  if case .count(let value) = event { return value }
  return nil
}
