// A blocking JSON-RPC client of navd's control socket: what navctl's remote commands (and any
// Swift tool driving a live session) use.

import CNavSys
import Foundation
import Glibc
import NavProtocol
import NavTransport

/// One connection to a running navd, used from one thread.
///
/// ```swift
/// let navd = try RemoteClient(socketPath: "/run/navd/control.sock")
/// let result = try navd.call("store.send", ["action": "counterButtonTapped"])
/// print(result["version"]?.intValue ?? 0)
/// ```
public final class RemoteClient {
  private let socket: BlockingLineSocket
  private var nextID = 1
  /// Notifications received while waiting for a response, oldest first.
  public private(set) var notifications: [RPCRequest] = []

  /// Connects to the socket at `path`.
  public init(socketPath path: String) throws(RemoteError) {
    do {
      socket = try BlockingLineSocket(connectingTo: path)
    } catch {
      throw RemoteError.connect(path, error.code)
    }
  }

  /// Sends a request and waits for its response; returns the result or throws the error.
  ///
  /// Notifications that arrive meanwhile are kept in ``notifications``.
  public func call(_ method: String, _ params: JSONObject = [:]) throws(RemoteError) -> JSONValue {
    try call(method, params, onNotification: nil)
  }

  /// Sends a request and waits for its response, handing each notification that arrives
  /// meanwhile to `onNotification` (when given) instead of keeping it.
  public func call(
    _ method: String, _ params: JSONObject, onNotification: ((RPCRequest) -> Void)?
  ) throws(RemoteError) -> JSONValue {
    let id = nextID
    nextID += 1
    let request = RPCRequest(
      id: .integer(id), method: method, params: params.isEmpty ? nil : .object(params))
    try write(request.json)
    while true {
      let message = try readMessage()
      switch message {
      case .response(let response) where response.id == .integer(id):
        switch response.outcome {
        case .result(let result): return result
        case .error(let error): throw RemoteError.rpc(error)
        }
      case .response(let response) where response.id == .null:
        if let error = response.error { throw RemoteError.rpc(error) }
      case .request(let notification):
        if let onNotification {
          onNotification(notification)
        } else {
          notifications.append(notification)
        }
      default:
        continue
      }
    }
  }

  /// Waits for the next notification.
  public func nextNotification() throws(RemoteError) -> RPCRequest {
    if !notifications.isEmpty { return notifications.removeFirst() }
    while true {
      if case .request(let notification) = try readMessage() { return notification }
    }
  }

  /// The next notification, waiting for it at most `timeout` seconds (without one, as long as
  /// it takes); `nil` when none came in time.
  public func nextNotification(timeout: Double?) throws(RemoteError) -> RPCRequest? {
    guard let timeout else { return try nextNotification() }
    if !notifications.isEmpty { return notifications.removeFirst() }
    let deadline = Date() + timeout
    while true {
      if !socket.hasBufferedLine {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0, socket.waitReadable(seconds: remaining) else { return nil }
      }
      if case .request(let notification) = try readMessage() { return notification }
    }
  }

  private func write(_ value: JSONValue) throws(RemoteError) {
    let bytes: [UInt8]
    do {
      bytes = try JSONWriter().line(value)
    } catch {
      throw RemoteError.protocolError("cannot encode the request: \(error)")
    }
    do {
      try socket.send(bytes)
    } catch {
      throw RemoteError.disconnected("writing failed: \(String(cString: strerror(error.code)))")
    }
  }

  private func readMessage() throws(RemoteError) -> RPCMessage {
    let line: UnsafeRawBufferPointer
    do {
      line = try socket.receiveLine()
    } catch {
      switch error {
      case .closed:
        throw RemoteError.disconnected("navd closed the connection")
      case .lineTooLong:
        throw RemoteError.protocolError("navd sent a line longer than navctl accepts")
      case .failed(let failure):
        throw RemoteError.disconnected(
          "reading failed: \(String(cString: strerror(failure.code)))")
      }
    }
    guard let json = try? JSONParser().parse(line) else {
      throw RemoteError.protocolError("navd sent a line that is not JSON")
    }
    do {
      return try RPCMessage(json: json)
    } catch {
      throw RemoteError.protocolError("navd sent an unexpected message: \(error)")
    }
  }

}

/// Why a call to navd failed.
public enum RemoteError: Error, CustomStringConvertible {
  /// The socket at the path could not be connected to (with `errno`).
  case connect(String, Int32)
  /// navd answered with a JSON-RPC error.
  case rpc(RPCError)
  /// The connection broke.
  case disconnected(String)
  /// navd sent something that is not the protocol.
  case protocolError(String)

  /// The reason, in a sentence.
  public var description: String {
    switch self {
    case .connect(let path, let code):
      "cannot connect to navd at \(path): \(String(cString: strerror(code))); is navd running? "
        + "(start it with scripts/run, or give --socket PATH)"
    case .rpc(let error):
      if let traceback = error.data?["traceback"]?.stringValue, traceback.hasPrefix(error.message) {
        "error \(error.code.rawValue): \(traceback)"
      } else {
        "error \(error.code.rawValue): \(error.message)"
      }
    case .disconnected(let reason): reason
    case .protocolError(let reason): reason
    }
  }

  /// The exit status a command-line tool ends with: 1 for an error navd answered, 3 when navd
  /// could not be reached or the connection broke.
  public var exitStatus: Int32 {
    switch self {
    case .rpc: 1
    case .connect, .disconnected, .protocolError: 3
    }
  }
}
