// The errors the Lua layer reports.

import NavValue

/// An error raised by Lua code or by the bridge, with the message a person reads.
///
/// It is navd's one error type, ``NavError``: a failure of a launched store reaches a script,
/// and a script's failure reaches the wire, as it is. Errors from Lua code carry Lua's
/// `file:line:` prefix and, when they went through a protected call, a stack traceback.
public typealias LuaError = NavError
