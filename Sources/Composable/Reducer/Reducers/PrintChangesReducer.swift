// Reducer._printChanges(): every action the reducer receives, and how the state changed, written
// to standard error as TCA's debugging aid does.

import Foundation

extension Reducer {
  /// This reducer, writing each action it receives and the change of the state it made (a line
  /// diff, `−` before and `+` after) to standard error.
  ///
  /// A debugging aid, as in TCA: take it out before committing.
  public func _printChanges(
    _ printer: _ReducerPrinter<State, Action>? = .customDump
  ) -> PrintChangesReducer<Self> {
    PrintChangesReducer(base: self, labelsOnly: printer?.labelsOnly ?? false) { text in
      guard printer != nil else { return }
      FileHandle.standardError.write(Data((text + "\n").utf8))
    }
  }
}

/// How ``Reducer/_printChanges(_:)`` writes: each action with the state's diff
/// (``customDump``), or the action's name alone (``actionLabels``); `nil` writes nothing.
public struct _ReducerPrinter<State, Action>: Sendable {
  let labelsOnly: Bool

  /// Each action and the state's line diff.
  public static var customDump: Self { Self(labelsOnly: false) }

  /// Each action's name, without the state.
  public static var actionLabels: Self { Self(labelsOnly: true) }
}

/// A reducer that writes what its base did with each action (``Reducer/_printChanges()``).
public struct PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base
  var labelsOnly = false
  let write: (String) -> Void

  /// Runs the base, then writes the action and the state's change.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    if labelsOnly {
      let effects = base.reduce(into: &state, action: action)
      write("received action: " + debugCaseOutput(action))
      return effects
    }
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
