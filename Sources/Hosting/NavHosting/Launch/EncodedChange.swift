// EncodedChange: one processed action of a store, encoded in the value model when first read.

import Composable
import Foundation
import HeadlessUICore
import NavValue
import Synchronization

/// One processed action of a store, in the value model.
///
/// The action and the state are encoded when first read, so an observer that needs neither (a
/// session nobody subscribed to) costs nothing per action. Read them on the thread that got
/// the change, before it returns.
public struct EncodedChange: @unchecked Sendable {
  /// The store's version after the action (it counts state changes).
  public var version: UInt64
  /// Whether the action changed the state.
  public var stateChanged: Bool
  /// For a jump (the state replaced by an earlier version's), that version; `nil` for an action.
  public var jump: UInt64? = nil
  private let encodeAction: () -> DataValue
  private let encodeState: () -> DataValue?

  init(
    version: UInt64, stateChanged: Bool, encodeAction: @escaping () -> DataValue,
    encodeState: @escaping () -> DataValue?
  ) {
    self.version = version
    self.stateChanged = stateChanged
    self.encodeAction = encodeAction
    self.encodeState = encodeState
  }

  /// The action.
  public var action: DataValue { encodeAction() }
  /// The new state, or `nil` when the action did not change it.
  public var state: DataValue? { encodeState() }
}
