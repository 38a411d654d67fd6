// CompletionCommand: `HOST completion bash|zsh` — shell completion scripts made from the help.

import Foundation

/// `HOST completion bash|zsh`: prints a completion script for the shell.
enum CompletionCommand {
  /// `HOST completion --help`.
  static var usage: String {
    """
    usage: \(Program.name) completion bash|zsh

    Print a completion script for bash or zsh: subcommands, each one's options (read from its
    --help), feature names after --session NAME=, and files where a command takes paths.

      bash:  source <(\(Program.name) completion bash)    (or save it in
             /usr/share/bash-completion/completions/\(Program.name))
      zsh:   \(Program.name) completion zsh > "${fpath[1]}/_\(Program.name)"
    """
  }

  /// Prints the script for the shell `arguments` names; returns the exit status.
  static func run(_ arguments: [String], features: [NavFeature]) -> Int32 {
    if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
      print(usage)
      return 0
    }
    guard arguments.count == 1, let shell = arguments.first else {
      if arguments.isEmpty {
        standardError(usage)
      } else {
        standardError("\(Program.name) completion: give one shell, bash or zsh")
      }
      return 2
    }
    let host = HostCommandLine(features: features, defaultCommand: nil)
    switch shell {
    case "bash": print(bash(host))
    case "zsh": print(zsh(host))
    default:
      standardError("\(Program.name) completion: unknown shell '\(shell)' (bash or zsh)")
      return 2
    }
    return 0
  }

  /// The options of each subcommand, from its help.
  static func optionTable(_ host: HostCommandLine) -> [(command: String, options: [String])] {
    HostCommandLine.commandNames.map { ($0, HostCommandLine.options(in: host.help(of: $0))) }
  }

  /// A shell function name made of the program's name.
  private static func identifier(_ name: String) -> String {
    String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }

  static func bash(_ host: HostCommandLine) -> String {
    let program = Program.name
    let function = "_\(identifier(program))_complete"
    let cases = optionTable(host).map { command, options in
      "    \(command)) opts=\"\(options.joined(separator: " "))\" ;;"
    }.joined(separator: "\n")
    return """
      # bash completion for \(program), made by `\(program) completion bash`.
      \(function)() {
        local cur prev command opts
        cur="${COMP_WORDS[COMP_CWORD]}"
        prev="${COMP_WORDS[COMP_CWORD-1]}"
        command="${COMP_WORDS[1]}"
        if [ "$COMP_CWORD" -eq 1 ]; then
          COMPREPLY=($(compgen -W "\(HostCommandLine.commandNames.joined(separator: " ")) --help --version" -- "$cur"))
          return
        fi
        case "$prev" in
          --session)
            COMPREPLY=($(compgen -W "\(host.features.map { "main=\($0.name)" }.joined(separator: " "))" -- "$cur"))
            return ;;
          --socket|--config|--state-dir|--junit|--invariants|--out|run)
            COMPREPLY=($(compgen -f -- "$cur"))
            return ;;
          --output) COMPREPLY=($(compgen -W "text tap junit json" -- "$cur")); return ;;
          --strategy) COMPREPLY=($(compgen -W "bfs dfs random" -- "$cur")); return ;;
          completion) COMPREPLY=($(compgen -W "bash zsh" -- "$cur")); return ;;
          help) COMPREPLY=($(compgen -W "\(HostCommandLine.commandNames.joined(separator: " "))" -- "$cur")); return ;;
        esac
        case "$command" in
      \(cases)
          *) opts="" ;;
        esac
        if [[ "$cur" == -* ]]; then
          COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        elif [ "$command" = test ]; then
          COMPREPLY=($(compgen -f -- "$cur"))
        elif [ "$command" = explore ]; then
          COMPREPLY=($(compgen -W "merge \(host.features.map(\.name).joined(separator: " "))" -- "$cur"))
        fi
      }
      complete -F \(function) \(program)
      """
  }

  static func zsh(_ host: HostCommandLine) -> String {
    let program = Program.name
    let commands =
      HostCommandLine.localCommands.map { "'\($0.name):\(escape($0.summary))'" }
      + RemoteCommands.commands.keys.sorted().map {
        "'\($0):\(escape(RemoteCommands.commands[$0]!.summary))'"
      }
    let cases = optionTable(host).map { command, options in
      let specs = options.map { option -> String in
        switch option {
        case "--session":
          return
            "'--session[the session]:session:(\(host.features.map { "main=\($0.name)" }.joined(separator: " ")))'"
        case "--socket", "--config", "--state-dir", "--junit", "--invariants", "--out":
          return "'\(option)[\(option.dropFirst(2))]:file:_files'"
        default:
          return "'\(option)'"
        }
      }
      var files = command == "test" || command == "run" ? " '*:file:_files'" : ""
      if command == "explore" {
        files = " '1:feature:(merge \(host.features.map(\.name).joined(separator: " ")))'"
      }
      return "    (\(command)) _arguments \(specs.joined(separator: " "))\(files) ;;"
    }.joined(separator: "\n")
    return """
      #compdef \(program)
      # zsh completion for \(program), made by `\(program) completion zsh`.
      _\(identifier(program))() {
        local -a commands
        commands=(
          \(commands.joined(separator: "\n    "))
        )
        if (( CURRENT == 2 )); then
          _describe 'command' commands
          return
        fi
        case "${words[2]}" in
      \(cases)
        esac
      }
      compdef _\(identifier(program)) \(program)
      """
  }

  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: ":", with: "\\:")
  }
}
