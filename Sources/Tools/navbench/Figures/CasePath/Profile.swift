// The case-path figures' struct payload, whose copy retains a heap-allocated string.

/// A payload with a reference-counted field: extracting it copies the string's reference.
struct Profile: Equatable {
  var name: String
  var id: Int
}
