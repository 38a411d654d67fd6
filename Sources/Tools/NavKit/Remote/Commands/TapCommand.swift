// `tap LABEL`: a tap on a control of the frontmost screen.

/// Taps the control labelled LABEL on the frontmost screen, told apart by role or index when
/// labels repeat.
enum TapCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    tap LABEL
    tap the control labelled LABEL on the frontmost screen
      --role R   the control's role (cancel, destructive) when labels repeat
      --index N  the N-th control with the label (from 1)
    """

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    let arguments = invocation.arguments
    guard let label = arguments.first, arguments.count == 1 else {
      throw UsageError(
        message: "tap needs one LABEL (quote it: \(Program.name) tap \"Go to screen A\")")
    }
    var params = invocation.params
    params["label"] = .string(label)
    if let role = invocation.options.role { params["role"] = .string(role) }
    if let index = invocation.options.index { params["index"] = .integer(index) }
    return try invocation.useScreen("screen.tap", params)
  }
}
