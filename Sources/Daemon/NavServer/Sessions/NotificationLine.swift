// The wire line of a notification the daemon sends: an event, or a script's output.

import NavProtocol

/// Writes the daemon's notifications as the newline-terminated JSON lines they go out as.
enum NotificationLine {
  /// The notification `method` with `params`, as one line.
  static func line(method: String, params: JSONObject) -> [UInt8] {
    (try? JSONWriter().line(RPCRequest.notification(method, params: .object(params)).json))
      ?? Array("{}\n".utf8)
  }
}
