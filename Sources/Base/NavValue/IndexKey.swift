// The coding key of a position in an array, shared by the encoder and the decoder.

/// The coding key of a position in an unkeyed container: `[n]` in paths, 0-based as Swift's.
struct IndexKey: CodingKey {
  let index: Int
  init(index: Int) { self.index = index }
  init?(stringValue: String) {
    guard let index = Int(stringValue) else { return nil }
    self.index = index
  }
  init?(intValue: Int) { self.index = intValue }
  var stringValue: String { String(index) }
  var intValue: Int? { index }
}
