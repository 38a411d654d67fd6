// ExploreWorker: the explore command's child process — the walk, with a line on standard
// output before every launch and step, so its parent knows the steps that led to a crash.

import CNavSys
import Foundation
import Glibc
import NavScript

/// The child side of `explore`: `--worker` walks, `--replay FILE` takes some steps and exits.
///
/// The walk's protocol on standard output is a line per event, written before the event
/// happens: `L` (a fresh launch), `S STEP` (a step, in the report's form), `P STEPS` (a replay
/// from a fresh launch is to take these steps, a JSON array), `W` (the replay is over, the
/// walk goes on) and `G PROGRESS` (the walk's figures, as JSON, every second), then `R` and the
/// report as JSON once the walk is over. It writes its checkpoints (``ExploreCheckpoint``) as
/// it goes. A parent that sees the
/// child die reads the steps that crashed it from the open replay's `P` line, else from the last
/// `L` and the `S` lines after it.
enum ExploreWorker {
  /// Exit status of a replay whose step the screen did not offer.
  static let notOffered: Int32 = 3
  /// Exit status of a walk or replay that failed without crashing.
  static let failed: Int32 = 4
  /// The environment variable in which the command gives its walk its own pid.
  static let parentVariable = "NAVD_EXPLORE_PARENT"

  /// Walks as the parent asked; returns the exit status.
  static func walk(_ invocation: ExploreCommand.Invocation, feature: ScriptFeature) -> Int32 {
    // A walk whose command was killed stops too: its last checkpoint is what the killed
    // shard leaves, not a report that goes on changing under the merge. A parent that died
    // before the kernel was asked is seen by the parent's pid it gave.
    _ = navsys_die_with_parent(SIGKILL)
    if let parent = ProcessInfo.processInfo.environment[parentVariable].flatMap(Int32.init),
      getppid() != parent
    {
      return failed
    }
    do {
      var crashes: [Explorer.KnownCrash] = []
      if let file = invocation.knownCrashes {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        crashes = try JSONDecoder().decode([Explorer.KnownCrash].self, from: data)
      }
      let directory = invocation.directory ?? ExploreCommand.defaultDirectory(invocation.feature)
      var checkpoint = ExploreCheckpoint(directory: directory)
      var walking: Explorer?
      let explorer = try Explorer(
        feature: feature, options: invocation.options, crashes: crashes
      ) { event in
        switch event {
        case .progress(let figures):
          if let data = try? JSONEncoder().encode(figures) {
            emit("G " + String(decoding: data, as: UTF8.self) + "\n")
          }
          if let walking { checkpoint.write(walking) }
        case .launch: emit("L\n")
        case .step(let step): emit("S \(step)\n")
        case .replay(let steps):
          let data = (try? JSONEncoder().encode(steps.map(\.description))) ?? Data("[]".utf8)
          emit("P " + String(decoding: data, as: UTF8.self) + "\n")
        case .replayed: emit("W\n")
        }
      }
      walking = explorer
      let report = try explorer.run().written(
        to: directory, command: ExploreCommand.replayCommand(invocation),
        options: invocation.options)
      ExploreCheckpoint.writeGraph(explorer.graphRecord, in: directory)
      emit("R\n" + report.json + "\n")
      return 0
    } catch {
      standardError("\(Program.name) explore: \(error)")
      return failed
    }
  }

  /// Takes the steps `file` lists (a JSON array of steps in the report's form) from a fresh
  /// launch; returns 0, or ``notOffered`` when the screen does not offer one.
  static func replay(file: String, feature: ScriptFeature, options: ExploreOptions) -> Int32 {
    do {
      let data = try Data(contentsOf: URL(fileURLWithPath: file))
      let texts = try JSONDecoder().decode([String].self, from: data)
      let steps = texts.compactMap(ExploreStep.init(parsing:))
      guard steps.count == texts.count else { return failed }
      return try Explorer.replay(steps, feature: feature, options: options) ? 0 : notOffered
    } catch {
      standardError("\(Program.name) explore: \(error)")
      return failed
    }
  }

  /// Writes `line` to standard output at once, unbuffered: the process may die next.
  private static func emit(_ line: String) {
    var line = line
    line.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(1, bytes.baseAddress! + offset, bytes.count - offset)
        if written <= 0 {
          if written < 0, errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}
