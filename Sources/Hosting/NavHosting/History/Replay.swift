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
        "the replay did not end in the document's final state (−expected, +replayed):\n\(diff)")
    }
  }
}
