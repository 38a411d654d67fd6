// `export FILE`: the session's replay document, written to a file or standard output.

import Foundation
import NavProtocol

/// Writes the session's replay document (what was sent, from the oldest state its history
/// keeps) to FILE, or to standard output for `-`.
enum ExportCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    export FILE
    write the session's replay document to FILE (- for standard output)
    """

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    let arguments = invocation.arguments
    guard arguments.count == 1 else {
      throw UsageError(message: "export needs a FILE (- for standard output)")
    }
    let document = try invocation.client.call("session.export", invocation.params)
    let text = try JSONWriter(sortedKeys: true).string(document) + "\n"
    if arguments[0] == "-" {
      RemoteCommands.emit(text.dropLast().description)
      return 0
    }
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: arguments[0]))
    } catch {
      throw UsageError(message: "cannot write \(arguments[0]): \(error.localizedDescription)")
    }
    let steps = document["steps"]?.arrayValue?.count ?? 0
    standardError(
      "wrote \(arguments[0]): \(document["feature"]?.stringValue ?? "?"), \(steps) step"
        + "\(steps == 1 ? "" : "s") to version \(document["final"]?["version"]?.intValue ?? 0)")
    return 0
  }
}
