// The 64 inputs, built at run time, that each case-path figure cycles through.

/// The number of distinct inputs each operation cycles through; a power of two.
let inputCount = 64

/// Returns `inputCount` events built by `make` from a run-time index.
func makeInputs(_ make: (Int) -> Event) -> [Event] {
  (0..<inputCount).map { make($0 &+ opaqueZero) }
}

/// Returns a profile whose name is too long for a small string, so it lives on the heap.
func profile(_ index: Int) -> Profile {
  Profile(name: "profile number \(index) with a long name", id: index)
}
