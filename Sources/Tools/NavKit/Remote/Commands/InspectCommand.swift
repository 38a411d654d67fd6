// `inspect`: navd's sessions served to a browser on 127.0.0.1 until Ctrl-C — state, actions,
// time travel, screens and the debugging tools (NavInspector).

import Foundation
import NavInspector
import NavValue

/// Serves the session to a browser: prints the URL to open (with its token), opens it with
/// `--open`, and serves until Ctrl-C or until navd stops.
enum InspectCommand: RemoteCommand {
  static let usage: RemoteUsage = """
    inspect
    serve the sessions in a browser on 127.0.0.1 until Ctrl-C: state, actions, screens, devtools
      --port N     listen on port N (default: a free port)
      --open       open the page in the desktop's browser (xdg-open)
      --read-only  refuse every change the page asks for
    """

  static func perform(_ invocation: RemoteInvocation) throws -> Int32 {
    guard invocation.arguments.isEmpty else {
      throw UsageError(message: "inspect takes no arguments (name the session with --session)")
    }
    let options = invocation.options
    let inspector: Inspector
    do {
      inspector = try Inspector(
        socketPath: options.socketPath, session: options.session,
        port: UInt16(options.port ?? 0), readOnly: options.readOnly, specWriter: writeSpec,
        graphMaker: InspectGraph.draw)
    } catch let error as InspectorError {
      standardError("\(Program.name) inspect: \(error)")
      return 1
    }
    RemoteCommands.emit(inspector.url)
    standardError(
      "inspecting session \(inspector.session)\(options.readOnly ? ", read-only" : "") at the URL "
        + "above (it holds the token); Ctrl-C to stop")
    if options.open { openInBrowser(inspector.url) }
    Interruption.catching {
      while !Interruption.happened, !inspector.isNavdGone { usleep(100_000) }
    }
    if inspector.isNavdGone { standardError("navd went away: the inspector stops") }
    inspector.stop()
    return 0
  }

  /// Writes the page's recording as `record` writes its specs (``RecordedSpec``).
  @Sendable private static func writeSpec(_ recording: SpecRecording) throws -> String {
    var entries: [RecordedSpec.Entry] = []
    for json in recording.entries {
      guard let entry = try RecordedSpec.Entry(history: json) else {
        throw NavError("the recording holds a jump, which a spec cannot make: record after it")
      }
      entries.append(entry)
    }
    let spec = RecordedSpec(
      feature: recording.feature, session: recording.session,
      initialState: recording.initialState, entries: entries,
      style: RecordedSpec.Style(rawValue: recording.style) ?? .testStore,
      provenance: "the inspector (`\(Program.name) inspect`) on \(RecordCommand.now())")
    return try spec.text()
  }

  /// Opens `url` with the desktop's opener; says so when there is none.
  private static func openInBrowser(_ url: String) {
    let opener = Process()
    opener.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    opener.arguments = ["xdg-open", url]
    do {
      try opener.run()
    } catch {
      standardError("cannot open a browser (xdg-open: \(error.localizedDescription)): open the URL")
    }
  }
}
