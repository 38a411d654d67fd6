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
    var reducer = PrintChangesReducer(base: self, labelsOnly: printer?.labelsOnly ?? false) {
      text in
      guard printer != nil else { return }
      FileHandle.standardError.write(Data((text + "\n").utf8))
    }
    reducer.custom = printer?.printChange
    return reducer
  }
}

/// How ``Reducer/_printChanges(_:)`` writes: each action with the state's diff
/// (``customDump``), or the action's name alone (``actionLabels``); `nil` writes nothing.
public struct _ReducerPrinter<State, Action>: Sendable {
  let labelsOnly: Bool
  let printChange: (@Sendable (Action, State, State) -> Void)?

  init(labelsOnly: Bool) {
    self.labelsOnly = labelsOnly
    self.printChange = nil
  }

  /// A printer of one's own, told each action with the state before and after it.
  public init(
    printChange:
      @escaping @Sendable (
        _ receivedAction: Action, _ oldState: State, _ newState: State
      ) -> Void,
    queue: DispatchQueue? = nil
  ) {
    self.labelsOnly = false
    self.printChange = printChange
  }

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
  /// A printer of one's own (`_ReducerPrinter(printChange:)`), told instead of `write`.
  var custom: ((Base.Action, Base.State, Base.State) -> Void)?

  /// Runs the base, then writes the action and the state's change.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    if let custom {
      let old = state
      let effects = base.reduce(into: &state, action: action)
      custom(action, old, state)
      return effects
    }
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
