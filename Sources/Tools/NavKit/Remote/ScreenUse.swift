// What tap, type and back share: a use of the session's screen, then where the session is.

import NavProtocol

extension RemoteInvocation {
  /// Uses the screen (`screen.tap`, `screen.type`, `screen.back`) and prints where the session
  /// is then: the version and the frontmost screen.
  func useScreen(_ method: String, _ params: JSONObject) throws -> Int32 {
    let result = try client.call(method, params)
    if options.json { return RemoteCommands.output(result) }
    let screen = try client.call("screen.get", self.params)
    let frontmost = screen["screen"]?["frontmost"]?["name"]?.stringValue ?? "?"
    print("version \(result["version"]?.intValue ?? 0): \(frontmost)")
    return 0
  }
}
