// Replay: a replay document sent again into a fresh store, on the virtual clock.

import Composable
import NavValue

extension ScriptedStore {
  /// Sends `document`'s steps into the store at their offsets on its virtual clock, letting the
  /// effects run between them as they did, then moves the clock to the document's end.
  ///
  /// Throws when a step cannot be sent, or when the store does not end in the document's final
  /// state: what the recorded run depended on (a live dependency, a real clock) was not
  /// replayed.
  func replay(_ document: ReplayDocument) throws(NavError) {
    let settles = settlesAfterSend
    settlesAfterSend = true
    defer { settlesAfterSend = settles }
    var elapsed = 0.0
    for (index, (at, step)) in document.steps.enumerated() {
      if at > elapsed {
        advance(by: Duration.rounded(seconds: at - elapsed))
        elapsed = at
      }
      do throws(NavError) {
        switch step {
        case .send(let action): try send(action)
        case .jump(let version): try jump(to: version)
        }
      } catch {
        throw NavError("replay step \(index + 1) (at \(at) s) failed: \(error.message)")
      }
    }
    if document.duration > elapsed {
      advance(by: Duration.rounded(seconds: document.duration - elapsed))
    }
    guard let final = document.final else { return }
    let state = try self.state()
    guard state == final.state else {
      let diff =
        LineDiff.render(
          expected: ValuePrinter.render(final.state), actual: ValuePrinter.render(state))
        ?? ""
      throw NavError(
        "the replay did not end in the document's final state (−expected, +replayed):\n\(diff)"
          + firstDivergence(from: document))
    }
  }

  /// Where this replay first left the recording `document` carries, as a paragraph for the
  /// replay's error; empty when the document carries none, or no version both reach differs.
  private func firstDivergence(from document: ReplayDocument) -> String {
    guard let recorded = document.recorded,
      let replayed = try? export(skipping: []).recorded,
      let found = recorded.firstDivergence(from: replayed, initial: document.initialState)
    else { return "" }
    var place = "version \(found.version)"
    if let entry = found.entry {
      let what =
        entry.jump.map { "a jump to version \($0)" }
        ?? "\(entry.origin == .effect ? "the effect action" : "the action") "
        + ValuePrinter.render(entry.action)
      place += ", after \(what) at \(entry.at) s"
    }
    let diff =
      LineDiff.render(
        expected: ValuePrinter.render(found.recorded), actual: ValuePrinter.render(found.replayed))
      ?? ""
    return "\nThe replay first left the recording at \(place) (−recorded, +replayed):\n\(diff)"
  }
}
