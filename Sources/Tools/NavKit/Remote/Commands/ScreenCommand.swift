// `screen`: the session's screens as its headless view shows them.

/// Prints the session's screens, the frontmost marked, or only the frontmost one.
enum ScreenCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    screen
    print the session's screens as its headless view shows them, the frontmost marked
      --frontmost  print only the frontmost screen
    """

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    let options = invocation.options
    let result = try invocation.client.call("screen.get", invocation.params)
    if options.json {
      return RemoteCommands.output(
        options.frontmost ? result["screen"]?["frontmost"] ?? .null : result)
    }
    print(result[options.frontmost ? "frontmostText" : "text"]?.stringValue ?? "")
    return 0
  }
}
