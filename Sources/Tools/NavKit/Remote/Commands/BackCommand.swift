// `back`: the top screen popped, or what is presented dismissed.

/// Goes back, as the system's back button does: pops the top screen of a stack, or dismisses
/// what is presented.
enum BackCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    back
    go back: pop the top screen, or dismiss what is presented
    """

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    try invocation.useScreen("screen.back", invocation.params)
  }
}
