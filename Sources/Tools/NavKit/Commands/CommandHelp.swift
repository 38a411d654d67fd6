// CommandHelp: every subcommand's help text, and the options read back from it — the one source
// of `--help`, the shell completions and the manual page.

import Foundation

extension HostCommandLine {
  /// The help of subcommand `name`, as `HOST name --help` prints it.
  func help(of name: String) -> String {
    switch name {
    case "serve":
      return ServeCommand.usage(invocation: serveInvocation, features: features.map(\.name))
    case "test": return TestCommand.usage
    case "explore": return ExploreCommand.usage
    case "features": return FeaturesCommand.usage
    case "completion": return CompletionCommand.usage
    case "man": return ManualCommand.usage
    case "help":
      return "usage: \(Program.name) help [COMMAND]\n\nShow the overview, or COMMAND's help."
    default: return RemoteCommands.help(name)
    }
  }

  /// The options a help text lists: each line of its option list that starts with `-`.
  ///
  /// `  -j, --jobs N   …` gives `-j` and `--jobs`.
  static func options(in help: String) -> [String] {
    var options: [String] = []
    for line in help.split(separator: "\n") {
      let trimmed = line.drop(while: { $0 == " " })
      guard trimmed.hasPrefix("-"), line.count - trimmed.count >= 2,
        line.count - trimmed.count <= 4
      else { continue }
      for word in trimmed.split(separator: " ") {
        let flag = word.trimmingCharacters(in: CharacterSet(charactersIn: ","))
        guard flag.hasPrefix("-"), flag.count > 1 else { break }
        options.append(flag)
        if !word.hasSuffix(",") { break }
      }
    }
    var seen = Set<String>()
    return options.filter { seen.insert($0).inserted }
  }
}
