// `open NAME`: a session opened, of a feature or replaying an exported document.

import Foundation
import NavProtocol

/// Opens session NAME, of a feature or replaying an exported document into it; refuses, with
/// the reason, when NAME is open already and the replay or feature asked of it would not
/// happen.
enum OpenCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    open NAME
    open session NAME, of a feature or replaying an exported document
      --feature F    the feature it runs (default: the daemon's first)
      --replay FILE  replay this document into it, on the virtual clock
    """

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    let arguments = invocation.arguments
    let options = invocation.options
    guard arguments.count == 1 else { throw UsageError(message: "open needs a session NAME") }
    var request: JSONObject = ["name": .string(arguments[0])]
    if let feature = options.feature { request["feature"] = .string(feature) }
    if let file = options.replay {
      guard
        let data = file == "-"
          ? FileHandle.standardInput.readDataToEndOfFile()
          : FileManager.default.contents(atPath: file)
      else { throw UsageError(message: "cannot read \(file)") }
      do {
        request["replay"] = try JSONParser().parse(String(decoding: data, as: UTF8.self))
      } catch {
        throw UsageError(message: "\(file) is not a replay document: \(error)")
      }
    }
    let result = try invocation.client.call("session.open", request)
    if result["created"]?.boolValue == false,
      options.replay != nil
        || options.feature.map({ $0 != result["feature"]?.stringValue }) ?? false
    {
      // session.open returns an open session as it is; a replay or another feature asked of
      // it would silently not happen.
      standardError(
        "\(Program.name) open: session \(arguments[0]) is open already, running "
          + "\(result["feature"]?.stringValue ?? "?") at version "
          + "\(result["version"]?.intValue ?? 0): close it first (session.close), or choose "
          + "another NAME")
      return 1
    }
    if options.json { return RemoteCommands.output(result) }
    print(
      "\(result["name"]?.stringValue ?? arguments[0])\t\(result["feature"]?.stringValue ?? "?")"
        + "\tversion \(result["version"]?.intValue ?? 0)"
        + (result["created"]?.boolValue == false ? "\t(it was open already)" : ""))
    return 0
  }
}
