// What each enum case's payload was given and read during one decode: every field must be read.

/// The payloads of enum cases met during one decode, to check that each case read all it was given.
final class PayloadLedger: @unchecked Sendable {
  static let key = CodingUserInfoKey(rawValue: "navd.payloadLedger")!
  private var uses: [PayloadUse] = []

  func open(
    caseName: String, path: [any CodingKey], fields: [String: DataValue], scalar: DataValue?
  )
    -> PayloadUse
  {
    let use = PayloadUse(caseName: caseName, path: path, fields: fields, scalar: scalar)
    uses.append(use)
    return use
  }

  /// Throws for the first payload that had something its case did not read.
  func check() throws {
    for use in uses {
      let unread = use.unread
      if unread.isEmpty { continue }
      let given =
        use.scalar.map { "\($0)" }
        ?? unread.sorted().map { "\($0) = \(use.fields[$0] ?? .null)" }.joined(separator: ", ")
      let message =
        use.readCount == 0
        ? "case \"\(use.caseName)\" takes no payload, got \(given)"
        : "case \"\(use.caseName)\" has no field for \(given)"
      throw DecodingError.dataCorrupted(.init(codingPath: use.path, debugDescription: message))
    }
  }
}

/// One enum case's payload: what it was given and what it read.
final class PayloadUse: @unchecked Sendable {
  let caseName: String
  let path: [any CodingKey]
  let fields: [String: DataValue]
  let scalar: DataValue?
  private var read: Set<String> = []
  private(set) var readCount = 0

  init(caseName: String, path: [any CodingKey], fields: [String: DataValue], scalar: DataValue?) {
    self.caseName = caseName
    self.path = path
    self.fields = fields
    self.scalar = scalar
  }

  func read(_ key: String) {
    read.insert(key)
    readCount += 1
  }

  /// The given fields the case did not read (a lone value counts as one field).
  var unread: [String] {
    if scalar != nil { return readCount == 0 ? ["_"] : [] }
    return fields.keys.filter { !read.contains($0) && fields[$0] != .null }
  }
}

/// Attached to a decoding error when an enum found no case it knows, with the keys it found.
package struct UnknownCaseError: Error {
  /// The names given where a case was expected.
  package let found: [String]

  /// An error for the names `found` where a case was expected.
  package init(found: [String]) { self.found = found }
}
