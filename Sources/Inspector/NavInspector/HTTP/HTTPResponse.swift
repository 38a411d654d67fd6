// HTTPResponse: what the inspector's server answers — a status, headers, and bytes or a stream
// of events.

/// An HTTP response: a status, its headers, and a body of bytes or a stream of Server-Sent
/// Events.
struct HTTPResponse: Sendable {
  /// What follows the headers.
  enum Body: Sendable {
    /// These bytes, whole.
    case bytes([UInt8])
    /// Events as they come, until the stream or the connection closes.
    case events(EventStream)
  }

  /// The status code (200, 403, …).
  var status: Int
  /// The headers, in order.
  var headers: [(name: String, value: String)] = []
  /// The body.
  var body: Body = .bytes([])

  /// A response of `status` whose body is `text` of `contentType`.
  static func text(
    _ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8"
  ) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: [("Content-Type", contentType)], body: .bytes(Array(text.utf8)))
  }

  /// A refusal: `status` with `reason` as plain text.
  static func refusal(_ status: Int, _ reason: String) -> HTTPResponse {
    text(reason + "\n", status: status)
  }

  /// A stream of Server-Sent Events, not cached.
  static func events(_ stream: EventStream) -> HTTPResponse {
    HTTPResponse(
      status: 200,
      headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")],
      body: .events(stream))
  }

  /// Adds a header.
  func adding(_ name: String, _ value: String) -> HTTPResponse {
    var response = self
    response.headers.append((name, value))
    return response
  }
}
