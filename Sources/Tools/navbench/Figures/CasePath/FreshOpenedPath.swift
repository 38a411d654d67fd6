// Extraction through /Event.opened built anew for each one: the fresh (info) figures.

import Composable

/// Builds `/Event.opened` for every extraction, as a re-evaluated reducer body does.
struct FreshOpenedPath: Extractor {
  func extract(from event: Event) -> Profile? { extractThroughFreshOpened(from: event) }
}

/// Builds `/Event.opened` and extracts through it.
@inline(never)
func extractThroughFreshOpened(from event: Event) -> Profile? {
  let path: CasePath<Event, Profile> = /Event.opened
  return path.extract(from: event)
}
