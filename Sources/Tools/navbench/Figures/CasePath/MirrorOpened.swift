// Extraction of .opened through Mirror: the anchor row, the reflection case paths replace.

/// Extracts `.opened`'s payload with `Mirror`, the way case paths worked before runtime metadata.
struct MirrorOpened: Extractor {
  func extract(from event: Event) -> Profile? { mirrorOpened(event) }
}

/// The `Mirror` extraction of `.opened`: the case's label, then a cast of its payload.
@inline(never)
func mirrorOpened(_ event: Event) -> Profile? {
  guard let child = Mirror(reflecting: event).children.first, child.label == "opened" else {
    return nil
  }
  return child.value as? Profile
}
