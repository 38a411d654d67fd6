// RemoteOptions: what a remote command's command line says — the shared options, the command's
// own, and its positional arguments.

import Foundation
import NavProtocol

/// A remote command's options as its command line gave them, and its positional arguments.
struct RemoteOptions {
  var socketPath = RemoteOptions.defaultSocketPath(ProcessInfo.processInfo.environment)
  var session: String?
  var json = false
  var timeout: Double?
  var events: [String]?
  var role: String?
  var index: Int?
  var count: Int?
  var frontmost = false
  var follow = false
  var limit: Int?
  var since: Int?
  var feature: String?
  var replay: String?
  var actions: Int?
  var style = RecordedSpec.Style.testStore
  var port: Int?
  var open = false
  var readOnly = false
  var help = false
  var positional: [String] = []

  /// Where navd listens by default: `$NAVD_SOCKET`, else where navd itself puts it, else the
  /// system daemon's socket.
  static func defaultSocketPath(_ environment: [String: String]) -> String {
    if let path = environment["NAVD_SOCKET"], !path.isEmpty { return path }
    return ControlSocket.clientPath(environment: environment) {
      FileManager.default.fileExists(atPath: $0)
    }
  }

  /// Reads a command's arguments: the options in `accepted` anywhere, the rest positional.
  ///
  /// An option not in `accepted` is a usage error (a negative number, such as a payload of -1,
  /// is an argument; so is everything after `--`).
  init(parsing arguments: [String], accepting accepted: Set<String>) throws(UsageError) {
    var rest = arguments[...]
    func value(for flag: String) throws(UsageError) -> String {
      guard let value = rest.popFirst() else {
        throw UsageError(message: "\(flag) needs a value")
      }
      return value
    }
    func count(for flag: String) throws(UsageError) -> Int {
      let text = try value(for: flag)
      guard let count = Int(text), count >= 1 else {
        throw UsageError(message: "\(flag) needs a number from 1, got '\(text)'")
      }
      return count
    }
    while let argument = rest.popFirst() {
      if argument.hasPrefix("-"), argument != "-", argument != "--", Double(argument) == nil,
        !accepted.contains(argument), argument != "-h"
      {
        throw UsageError(message: "unknown option '\(argument)'")
      }
      switch argument {
      case "-h", "--help": help = true
      case "--frontmost": frontmost = true
      case "--socket": socketPath = try value(for: argument)
      case "--session": session = try value(for: argument)
      case "--json": json = true
      case "--timeout":
        let text = try value(for: argument)
        guard let seconds = Double(text), seconds >= 0 else {
          throw UsageError(message: "--timeout needs seconds, got '\(text)'")
        }
        timeout = seconds
      case "--events":
        events = try value(for: argument).split(separator: ",").map(String.init)
      case "--count": self.count = try count(for: argument)
      case "--role": role = try value(for: argument)
      case "--follow": follow = true
      case "--limit": limit = try count(for: argument)
      case "--actions": actions = try count(for: argument)
      case "--since":
        let text = try value(for: argument)
        guard let version = Int(text), version >= 0 else {
          throw UsageError(message: "--since needs a version from 0, got '\(text)'")
        }
        since = version
      case "--feature": feature = try value(for: argument)
      case "--replay": replay = try value(for: argument)
      case "--style":
        let text = try value(for: argument)
        guard let style = RecordedSpec.Style(rawValue: text) else {
          throw UsageError(message: "--style is test-store or launch, got '\(text)'")
        }
        self.style = style
      case "--index": index = try count(for: argument)
      case "--port":
        let text = try value(for: argument)
        guard let number = Int(text), (1...65535).contains(number) else {
          throw UsageError(message: "--port needs a port from 1 to 65535, got '\(text)'")
        }
        port = number
      case "--open": open = true
      case "--read-only": readOnly = true
      case "--":
        positional += rest
        rest = []
      default:
        positional.append(argument)
      }
    }
  }
}
