// Checking navd's and Redis's response lines, and reading the versions in navd's.

#if canImport(Glibc)
  import Glibc
#endif

extension SocketBenchmark {
  /// Checks one response line and returns its version (navd) or `previous + 1` (Redis).
  ///
  /// navd's line must be a result whose version follows `previous` (only this client sends; with
  /// `strictly` false, it need only be later); Redis's must be `+PONG`.
  @inline(__always)
  static func check(
    _ line: UnsafeRawBufferPointer, isNavd: Bool, after previous: Int, strictly: Bool = true
  ) -> Int {
    if isNavd {
      guard let version = integer(after: versionKey, in: line), line.starts(with: resultPrefix)
      else {
        fatalError(
          "navbench: navd answered store.send with \(String(decoding: line, as: UTF8.self))")
      }
      if strictly ? version != previous + 1 && previous != 0 : version <= previous {
        fatalError("navbench: store.send returned version \(version) after \(previous)")
      }
      return version
    }
    guard line.elementsEqual("+PONG\r\n".utf8) else {
      fatalError("navbench: Redis answered PING with \(String(decoding: line, as: UTF8.self))")
    }
    return previous &+ 1
  }

  /// What precedes the version in navd's responses and events.
  static let versionKey = Array(#""version":"#.utf8)
  /// How navd's successful responses begin.
  static let resultPrefix = Array(#"{"jsonrpc":"2.0","result":"#.utf8)

  /// The decimal integer right after the first `key` in `line`, if any.
  @inline(__always)
  static func integer(after key: [UInt8], in line: UnsafeRawBufferPointer) -> Int? {
    scanInteger(after: key, in: line)?.value
  }

  /// The decimal integer right after the first `key` in `line` and the offset just past it.
  @inline(__always)
  static func scanInteger(after key: [UInt8], in line: UnsafeRawBufferPointer) -> (
    value: Int, end: Int
  )? {
    guard line.count >= key.count, let base = line.baseAddress else { return nil }
    var found: Int?
    key.withUnsafeBytes { key in
      for offset in 0...(line.count - key.count)
      where line[offset] == key[0] && memcmp(base + offset, key.baseAddress!, key.count) == 0 {
        found = offset
        return
      }
    }
    guard let found else { return nil }
    var index = found + key.count
    var value = 0
    var digits = 0
    while index < line.count, line[index] >= 48, line[index] <= 57 {
      value = value &* 10 &+ Int(line[index] &- 48)
      index += 1
      digits += 1
    }
    return digits > 0 ? (value, index) : nil
  }
}
