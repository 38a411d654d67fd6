// `type FIELD TEXT`: text typed into a field of the frontmost screen.

/// Types TEXT into the text field labelled FIELD on the frontmost screen.
enum TypeCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    type FIELD TEXT
    type TEXT into the text field labelled FIELD
    """

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    let arguments = invocation.arguments
    guard arguments.count == 2 else {
      throw UsageError(message: "type needs a FIELD and a TEXT")
    }
    var params = invocation.params
    params["field"] = .string(arguments[0])
    params["text"] = .string(arguments[1])
    return try invocation.useScreen("screen.type", params)
  }
}
