// `==` for a type known only at run time, when it is `Equatable`.

/// Returns `==` for `type` when it is `Equatable`.
func equalityFunction<T>(_ type: T.Type) -> ((UnsafePointer<T>, UnsafePointer<T>) -> Bool)? {
  guard let equatable = type as? any Equatable.Type else { return nil }
  func open<E: Equatable>(_: E.Type) -> (UnsafePointer<T>, UnsafePointer<T>) -> Bool {
    { lhs, rhs in
      UnsafeRawPointer(lhs).assumingMemoryBound(to: E.self).pointee
        == UnsafeRawPointer(rhs).assumingMemoryBound(to: E.self).pointee
    }
  }
  return open(equatable)
}
