// RefusedChange: the JSON-RPC error for a change the hosting layer refused.

import NavHosting
import NavProtocol

extension RPCError {
  /// The error for a change the session refused: -32010 when another client's lock refused
  /// it (``SendLock``), else `code` (the method's own: an action not decoded, nothing on
  /// screen, a version not held), with the refusal's message.
  init(refused error: ScriptError, otherwise code: RPCErrorCode) {
    self.init(error.kind == .locked ? .locked : code, message: error.message)
  }
}
