// screen.get, screen.tap, screen.type, screen.back: the session used through its headless view.

import HeadlessUICore
import NavProtocol
import NavHosting
import NavValue

extension Server {
  /// The screen.* methods.
  static let screenMethods: [String: Method] = [
    "screen.get": { server, client, request throws(RPCError) in
      try request.only(["session"])
      let session = try server.targetSession(request, client: client)
      let (version, tree) = try Server.screen(of: session)
      return .object([
        "version": .integer(Int(version)), "screen": JSONValue(tree.value),
        "text": .string(tree.outline), "frontmostText": .string(tree.frontmostOutline),
      ])
    },
    "screen.tap": { server, client, request throws(RPCError) in
      try request.only(["session", "label", "role", "index"])
      let session = try server.targetSession(request, client: client)
      var query = ControlQuery(label: try request.requiredString("label"))
      query.role = try request.string("role")
      if let index = try request.number("index") {
        guard let position = Int(exactly: index), position >= 1 else {
          throw RPCError(.invalidParams, message: "index must be a whole number from 1")
        }
        query.index = position
      }
      return try Server.use(session) { tree throws(ScreenError) in try tree.tap(query) }
    },
    "screen.type": { server, client, request throws(RPCError) in
      try request.only(["session", "field", "text"])
      let session = try server.targetSession(request, client: client)
      let field = try request.requiredString("field")
      let text = try request.requiredString("text")
      return try Server.use(session) { tree throws(ScreenError) in try tree.type(text, into: field)
      }
    },
    "screen.back": { server, client, request throws(RPCError) in
      try request.only(["session"])
      let session = try server.targetSession(request, client: client)
      return try Server.use(session) { tree throws(ScreenError) in try tree.back() }
    },
  ]

  /// The session's tree, or -32008 when its feature has no view.
  private static func screen(of session: Session) throws(RPCError) -> (UInt64, NavigationTree) {
    do throws(ScriptError) {
      return try session.script.screen()
    } catch {
      throw RPCError(.notOnScreen, message: error.message)
    }
  }

  /// Renders the session's screen, asks `body` what to do, does it, and answers `{version}`.
  private static func use(
    _ session: Session, _ body: (NavigationTree) throws(ScreenError) -> Activation
  ) throws(RPCError) -> JSONValue {
    do throws(ScriptError) {
      let version = try session.script.use { tree throws(ScriptError) in
        do throws(ScreenError) {
          return try body(tree)
        } catch {
          throw ScriptError(.failed, error.description)
        }
      }
      return .object(["version": .integer(Int(version))])
    } catch {
      throw RPCError(refused: error, otherwise: .notOnScreen)
    }
  }
}
