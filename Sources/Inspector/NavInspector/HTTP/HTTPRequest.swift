// HTTPRequest: one request the inspector's server received — its method, path, query, headers
// and body.

/// One HTTP request: its method, its path and query, its headers, its cookies and its body.
///
/// Header names are lowercased; a repeated header or query argument keeps its last value.
struct HTTPRequest: Sendable {
  /// The method, in capitals: `GET`, `POST`.
  var method: String
  /// The path, without the query: `/api/state`.
  var path: String
  /// The query's arguments, decoded.
  var query: [String: String] = [:]
  /// The headers, by lowercased name.
  var headers: [String: String] = [:]
  /// The cookies, by name.
  var cookies: [String: String] = [:]
  /// The body's bytes (empty for a `GET`).
  var body: [UInt8] = []

  /// Whether the method changes something: anything but `GET`, `HEAD` and `OPTIONS`.
  var isStateChanging: Bool { !["GET", "HEAD", "OPTIONS"].contains(method) }

  /// The value of header `name` (any case).
  func header(_ name: String) -> String? { headers[name.lowercased()] }
}
