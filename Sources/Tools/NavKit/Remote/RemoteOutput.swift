// How remote commands print: navd's answers as JSON lines, errors as `--json` objects, a
// script's streamed output, help text wrapped between words.

import Foundation
import NavClient
import NavProtocol

extension RemoteCommands {
  /// An error as `--json` prints it on standard output: `{"error": {code?, message, data?}}`,
  /// the JSON-RPC error when navd answered with one.
  static func errorObject(_ error: RemoteError) -> JSONValue {
    switch error {
    case .rpc(let rpc):
      var object: JSONObject = [
        "code": .integer(rpc.code.rawValue), "message": .string(rpc.message),
      ]
      if let data = rpc.data { object["data"] = data }
      return .object(["error": .object(object)])
    default:
      return .object(["error": .object(["message": .string(error.description)])])
    }
  }

  /// `text` in lines of at most `width` characters, broken between words.
  static func wrapped(_ text: String, width: Int = 96) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if !current.isEmpty, current.count + 1 + word.count > width {
        lines.append(current)
        current = ""
      }
      current += (current.isEmpty ? "" : " ") + word
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  /// A command-line payload argument: JSON when it parses as JSON, else a string.
  static func argumentValue(_ text: String) -> JSONValue {
    (try? JSONParser().parse(text)) ?? .string(text)
  }

  /// `value` as one line of JSON, its keys sorted.
  static func line(_ value: JSONValue) -> String {
    (try? JSONWriter(sortedKeys: true).string(value)) ?? "\(value)"
  }

  /// Prints `value` as one line of JSON; returns the exit status of success.
  @discardableResult
  static func output(_ value: JSONValue) -> Int32 {
    emit(line(value))
    return 0
  }

  /// Writes a line to standard output at once (watch's lines must not wait in a buffer).
  static func emit(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  /// Prints what a script printed, as its `event.output` notifications arrive.
  static func printOutput(_ notification: RPCRequest) {
    if notification.method == "event.output" {
      emit(notification.params?["text"]?.stringValue ?? "")
    }
  }
}
