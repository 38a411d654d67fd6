// Reducer._printChanges(): every action the reducer receives, and how the state changed, written
// to standard error as TCA's debugging aid does.

import Foundation

extension Reducer {
  /// This reducer, writing each action it receives and the change of the state it made (a line
  /// diff, `−` before and `+` after) to standard error.
  ///
  /// A debugging aid, as in TCA: take it out before committing.
  public func _printChanges() -> PrintChangesReducer<Self> {
    PrintChangesReducer(base: self) { text in
      FileHandle.standardError.write(Data((text + "\n").utf8))
    }
  }
}

/// A reducer that writes what its base did with each action (``Reducer/_printChanges()``).
public struct PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base
  let write: (String) -> Void

  /// Runs the base, then writes the action and the state's change.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = StateDump.render(state)
    let effects = base.reduce(into: &state, action: action)
    let after = StateDump.render(state)
    var text = "received action:\n" + Self.indented(StateDump.render(action))
    if let difference = LineDiff.render(expected: before, actual: after) {
      text += "\n" + Self.indented(difference)
    } else {
      text += "\n  (No state changes)"
    }
    write(text)
    return effects
  }

  private static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
      .joined(separator: "\n")
  }
}
