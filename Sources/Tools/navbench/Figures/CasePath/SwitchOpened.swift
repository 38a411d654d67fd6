// The hand-written switch extracting .opened: the floor of the /Event.opened figures.

/// Extracts `.opened`'s payload with a `switch`: the floor of `/Event.opened`.
struct SwitchOpened: Extractor {
  func extract(from event: Event) -> Profile? { switchOpened(event) }
}

/// The hand-written extraction of `.opened`.
@inline(never)
func switchOpened(_ event: Event) -> Profile? {
  if case .opened(let value) = event { return value }
  return nil
}
