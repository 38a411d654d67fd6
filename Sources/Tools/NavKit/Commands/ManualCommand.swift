// ManualCommand: `HOST man` — the manual page, in roff, made from the overview and each
// subcommand's help.

import Foundation
import NavScript

/// `HOST man`: prints the program's manual page (`man -l <(navctl man)` reads it).
enum ManualCommand {
  /// `HOST man --help`.
  static var usage: String {
    """
    usage: \(Program.name) man

    Print the manual page of \(Program.name) in roff, made from the same text as --help:
      \(Program.name) man | man -l -      (scripts/install installs navd.8 and navctl.1)
    """
  }

  /// Prints the page; returns the exit status.
  static func run(_ arguments: [String], host: HostCommandLine) -> Int32 {
    if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
      print(usage)
      return 0
    }
    if let extra = arguments.first {
      standardError("\(Program.name) man: unknown argument '\(extra)'")
      return 2
    }
    print(page(host))
    return 0
  }

  /// The page: NAME, SYNOPSIS, DESCRIPTION (the overview), then a section per command.
  static func page(_ host: HostCommandLine) -> String {
    let program = Program.name
    let section = host.defaultCommand == "serve" ? "8" : "1"
    var lines = [
      ".TH \(roff(program.uppercased())) \(section) \"\" \"navd \(navdVersion)\" \"navd\"",
      ".SH NAME",
      "\(roff(program)) \\- TCA navigation sessions, headless: serve, script and test features",
      ".SH SYNOPSIS",
      ".B \(roff(program))",
      ".I command",
      "[options]",
      ".SH DESCRIPTION",
    ]
    lines += preformatted(host.usage)
    lines.append(".SH COMMANDS")
    for name in HostCommandLine.commandNames {
      lines += [".SS \(roff(name))"]
      lines += preformatted(host.help(of: name))
    }
    lines += [
      ".SH SEE ALSO",
      "The navd documentation: README.md, docs/protocol.md, docs/scripting.md, docs/operations.md,",
      "docs/your-app.md.",
    ]
    return lines.joined(separator: "\n")
  }

  /// `text` as a block shown as written.
  private static func preformatted(_ text: String) -> [String] {
    [".nf"] + text.split(separator: "\n", omittingEmptySubsequences: false).map { roff(String($0)) }
      + [".fi"]
  }

  /// `text` with roff's special characters escaped.
  private static func roff(_ text: String) -> String {
    var escaped = text.replacingOccurrences(of: "\\", with: "\\e")
    escaped = escaped.replacingOccurrences(of: "-", with: "\\-")
    if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
    // Beyond ASCII, as groff's own escapes (`…` is \[u2026]), so no preprocessor is needed.
    var ascii = ""
    for scalar in escaped.unicodeScalars {
      if scalar.isASCII {
        ascii.unicodeScalars.append(scalar)
      } else {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        ascii += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    return ascii
  }
}
