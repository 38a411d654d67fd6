// HTTPServer: an HTTP server on loopback over GNU libmicrohttpd, one thread per connection —
// the only place navd speaks HTTP, and it parses none of it itself.

import CHTTPShim
import CMicroHTTPD
import Foundation

/// An HTTP server on 127.0.0.1, over libmicrohttpd (Debian's `libmicrohttpd-dev`).
///
/// libmicrohttpd parses the requests; this class gathers each one (its headers, query, cookies
/// and body, up to ``bodyLimit``) into an ``HTTPRequest``, calls the handler on the connection's
/// own thread, and queues the ``HTTPResponse`` it returns. A response of events is written as the
/// stream yields them, which may block that thread: hence one thread per connection, and a
/// connection limit.
final class HTTPServer: @unchecked Sendable {
  /// Answers a request; called on the connection's thread, several at once.
  typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

  /// The largest body a request may have, unless the server's `bodyLimit` says otherwise for
  /// its path: 1 MiB.
  static let bodyLimit = 1 << 20

  /// The port the server listens on.
  private(set) var port: UInt16 = 0
  private let handler: Handler
  /// The largest body a request to a path may have.
  private let bodyLimit: @Sendable (String) -> Int
  private var daemon: OpaquePointer?

  /// Starts a server on 127.0.0.1 at `port` (0: a free port the kernel picks) that answers with
  /// `handler`, taking bodies of at most `bodyLimit(path)` bytes.
  init(
    port: UInt16 = 0, connectionLimit: UInt32 = 64,
    bodyLimit: @escaping @Sendable (String) -> Int = { _ in HTTPServer.bodyLimit },
    handler: @escaping Handler
  ) throws {
    self.handler = handler
    self.bodyLimit = bodyLimit
    let context = Unmanaged.passUnretained(self).toOpaque()
    guard
      let daemon = navhttp_start_loopback(
        port, accessHandler, context, requestCompleted, connectionLimit)
    else {
      throw InspectorError(
        port == 0
          ? "cannot start the HTTP server on 127.0.0.1"
          : "cannot listen on 127.0.0.1:\(port) (is it taken?)")
    }
    self.daemon = daemon
    self.port = navhttp_bound_port(daemon)
  }

  deinit { stop() }

  /// Stops listening and closes every connection, ending their streams.
  func stop() {
    guard let daemon else { return }
    self.daemon = nil
    MHD_stop_daemon(daemon)
  }

  /// One call of libmicrohttpd's access handler: the first makes the request's body, the next
  /// ones append to it, the last (no more data) answers.
  fileprivate func handle(
    _ connection: OpaquePointer, url: String, method: String,
    data: UnsafePointer<CChar>?, size: UnsafeMutablePointer<Int>,
    state: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  ) -> MHD_Result {
    guard let raw = state.pointee else {
      state.pointee = Unmanaged.passRetained(RequestBody(limit: bodyLimit(url))).toOpaque()
      return .YES
    }
    let body = Unmanaged<RequestBody>.fromOpaque(raw).takeUnretainedValue()
    if size.pointee > 0 {
      if body.bytes.count + size.pointee > body.limit {
        body.tooLarge = true
      } else if let data {
        body.bytes.append(
          contentsOf: UnsafeRawBufferPointer(start: data, count: size.pointee))
      }
      size.pointee = 0
      return .YES
    }
    var request = HTTPRequest(method: method, path: url)
    request.headers = Self.values(of: connection, .HEADER_KIND, lowercased: true)
    request.query = Self.values(of: connection, .GET_ARGUMENT_KIND, lowercased: false)
    request.cookies = Self.values(of: connection, .COOKIE_KIND, lowercased: false)
    request.body = body.bytes
    let response =
      body.tooLarge
      ? HTTPResponse.refusal(413, "the body is larger than \(body.limit) bytes")
      : handler(request)
    return Self.queue(response, on: connection)
  }

  /// The values of `kind` (headers, query arguments, cookies) of the connection's request.
  private static func values(
    of connection: OpaquePointer, _ kind: MHD_ValueKind, lowercased: Bool
  ) -> [String: String] {
    let found = ValueList()
    let context = Unmanaged.passUnretained(found).toOpaque()
    _ = MHD_get_connection_values(
      connection, kind,
      { context, _, key, value in
        let list = Unmanaged<ValueList>.fromOpaque(context!).takeUnretainedValue()
        if let key {
          list.pairs.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
        }
        return .YES
      }, context)
    var values: [String: String] = [:]
    for (key, value) in found.pairs { values[lowercased ? key.lowercased() : key] = value }
    return values
  }

  /// Queues `response` on the connection.
  private static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    let made: OpaquePointer?
    switch response.body {
    case .bytes(let bytes):
      made = bytes.withUnsafeBytes {
        MHD_create_response_from_buffer(
          $0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
      }
    case .events(let stream):
      made = MHD_create_response_from_callback(
        UInt64.max, 4096, readEvents, Unmanaged.passRetained(stream).toOpaque(),
        endEvents)
    }
    guard let made else { return .NO }
    for header in response.headers {
      _ = MHD_add_response_header(made, header.name, header.value)
    }
    let queued = MHD_queue_response(connection, UInt32(response.status), made)
    MHD_destroy_response(made)
    return queued
  }
}

/// A request's body as it arrives.
private final class RequestBody {
  /// The most bytes it may have.
  let limit: Int
  var bytes: [UInt8] = []
  var tooLarge = false

  init(limit: Int) { self.limit = limit }
}

/// The pairs libmicrohttpd's iterator hands over.
private final class ValueList {
  var pairs: [(String, String)] = []
}

/// libmicrohttpd's access handler: to the server whose address is `context`.
private let accessHandler: MHD_AccessHandlerCallback = {
  context, connection, url, method, _, data, size, state in
  guard let context, let connection, let size, let state else { return .NO }
  let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
  return server.handle(
    connection, url: url.map { String(cString: $0) } ?? "/",
    method: method.map { String(cString: $0) } ?? "GET", data: data, size: size, state: state)
}

/// libmicrohttpd's end of a request: frees its body.
private let requestCompleted: MHD_RequestCompletedCallback = { _, _, state, _ in
  guard let state, let raw = state.pointee else { return }
  Unmanaged<RequestBody>.fromOpaque(raw).release()
  state.pointee = nil
}

/// Writes a stream's next bytes; ends the response when the stream ends.
private let readEvents: MHD_ContentReaderCallback = { context, _, buffer, max in
  guard let context, let buffer else { return -2 }
  let stream = Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue()
  guard
    let count = stream.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: max))
  else { return -1 }  // MHD_CONTENT_READER_END_OF_STREAM
  return count
}

/// Releases a stream once its response is done (the page went away, or the stream ended).
private let endEvents: MHD_ContentReaderFreeCallback = { context in
  guard let context else { return }
  let stream = Unmanaged<EventStream>.fromOpaque(context).takeRetainedValue()
  stream.close()
}
