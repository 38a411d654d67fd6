// EventKinds: what a subscriber receives: actions, state patches, navigation, warnings.

import Composable
import Foundation
import HeadlessUICore
import NavProtocol
import NavHosting
import NavSync
import NavTransport
import NavValue

/// What a subscriber receives.
struct EventKinds: OptionSet, Sendable {
  let rawValue: Int
  static let action = EventKinds(rawValue: 1)
  static let state = EventKinds(rawValue: 2)
  static let warning = EventKinds(rawValue: 4)
  static let navigation = EventKinds(rawValue: 8)
  /// The latest version, coalesced: at most one `event.version` per the subscriber's interval.
  static let version = EventKinds(rawValue: 16)

  /// The names `subscribe` accepts.
  static let names = ["action", "state", "warning", "navigation", "version"]

  /// The kinds named in a `subscribe` request: `"action"`, `"state"`, `"warning"`.
  init?(names: [String]) {
    var kinds: EventKinds = []
    for name in names {
      switch name {
      case "action": kinds.insert(.action)
      case "state": kinds.insert(.state)
      case "warning": kinds.insert(.warning)
      case "navigation": kinds.insert(.navigation)
      case "version": kinds.insert(.version)
      default: return nil
      }
    }
    self = kinds
  }

  init(rawValue: Int) { self.rawValue = rawValue }
}
