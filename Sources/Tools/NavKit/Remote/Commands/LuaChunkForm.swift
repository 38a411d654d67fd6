// LuaChunkForm: what a chunk typed at `attach` is — an expression, a statement, or a chunk that
// wants more lines.

import NavClient

/// What a chunk typed at `attach` is, as Lua's own prompt tells: an expression whose value to
/// show, a statement to run (or to report the syntax error of), or a chunk that ends too soon
/// (an open `do`, `function`, string or parenthesis) and wants more lines.
enum LuaChunkForm: String {
  case expression, statement, incomplete

  /// The form of `chunk`, found by compiling it in the client's Lua state: one round trip.
  init(of chunk: String, _ client: RemoteClient) throws(RemoteError) {
    let result = try client.call(
      "lua.eval",
      [
        "code": .string(
          "local c = ... if load('return ' .. c) then return 'expression' end "
            + "local f, e = load(c) "
            + "return (f or e:sub(-5) ~= '<eof>') and 'statement' or 'incomplete'"),
        "args": [.string(chunk)],
      ])
    self = result["results"]?[0]?.stringValue.flatMap(Self.init(rawValue:)) ?? .statement
  }
}
