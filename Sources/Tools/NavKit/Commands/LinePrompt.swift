// navctl attach's prompt: libedit's line editing and history on a terminal, plain lines otherwise.

import CEdit
import Foundation

/// Reads the lines a person types at `navctl attach`.
///
/// On a terminal it is libedit's `readline`: the arrow keys move and recall, Ctrl-R searches,
/// and the history file is read at start and written after each chunk (in libedit's format). When standard input
/// is not a terminal (a script piped in), lines are read plainly and nothing is echoed.
final class LinePrompt {
  private let historyFile: String
  private let isTerminal = isatty(STDIN_FILENO) == 1
  /// How many chunks the history keeps.
  static let historyLength: Int32 = 1000

  /// A prompt whose history lives in `historyFile`.
  init(historyFile: String) {
    self.historyFile = historyFile
    if !FileManager.default.fileExists(atPath: historyFile) {
      _ = FileManager.default.createFile(atPath: historyFile, contents: nil)
    }
    if isTerminal {
      using_history()
      stifle_history(Self.historyLength)
      _ = read_history(historyFile)
    }
  }

  /// The next line, after showing `prompt`; `nil` at the end of input (Ctrl-D).
  func read(_ prompt: String) -> String? {
    guard isTerminal else {
      FileHandle.standardError.write(Data(prompt.utf8))
      return readLine()
    }
    guard let line = readline(prompt) else { return nil }
    defer { free(line) }
    return String(cString: line)
  }

  /// Adds `chunk` to the history, and to the history file.
  func remember(_ chunk: String) {
    if isTerminal {
      add_history(chunk)
      _ = write_history(historyFile)
    } else if let file = FileHandle(forWritingAtPath: historyFile) {
      _ = try? file.seekToEnd()
      file.write(Data((chunk + "\n").utf8))
      try? file.close()
    }
  }
}
