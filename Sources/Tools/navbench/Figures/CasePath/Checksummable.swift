// Payloads folded into a checksum, so that extracting them is never dead code.

/// A value that can be folded into a checksum, so that extracting it is never dead code.
protocol Checksummable {
  /// A number that depends on the whole value.
  var checksum: Int { get }
}

extension Profile: Checksummable {
  /// The id plus the length of the name, which reads the copied string.
  var checksum: Int { id &+ name.utf8.count }
}

extension Int: Checksummable {
  /// The integer itself.
  var checksum: Int { self }
}
