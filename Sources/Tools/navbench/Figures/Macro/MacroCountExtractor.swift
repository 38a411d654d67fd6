// The protocol the case key path timing loop is specialized over: a case key path or a switch.

/// A way to get the `count` payload out of a ``MacroEvent``; the loop is specialized for each.
protocol MacroCountExtractor {
  /// The payload of `event`, or `nil` in another case.
  func extract(from event: MacroEvent) -> Int?
}
