// ViewStateStorage: the view-local state of a host's views (`@State`, `@FocusState`), kept by
// view identity between renders.

import Foundation

/// The view-local state of one host's views, by view identity and property name.
///
/// A view's cells live while the view is rendered: a render that no longer meets its identity
/// drops them, so a view that leaves the screen and comes back starts from its initial values,
/// as SwiftUI's `@State` does. It is never the store's state: scripts read it apart
/// (`screen`'s view state), and no action changes it.
public final class ViewStateStorage: @unchecked Sendable {
  private let lock = NSLock()
  private var cells: [ViewIdentity: [String: StateCell]] = [:]
  private var changes: UInt64 = 0

  /// Creates empty storage.
  public init() {}

  /// How many times a view changed its state: a host re-renders when it moves.
  public var version: UInt64 { lock.withLock { changes } }

  /// The cell of the property `label` of the view at `identity`, made with `initial` the first
  /// time.
  func cell(at identity: ViewIdentity, label: String, initial: () -> Any) -> StateCell {
    lock.withLock {
      if let cell = cells[identity]?[label] { return cell }
      let cell = StateCell(value: initial(), storage: self, identity: identity, label: label)
      cells[identity, default: [:]][label] = cell
      return cell
    }
  }

  /// Drops the state of every view a render did not meet.
  func keep(only met: Set<ViewIdentity>) {
    lock.withLock { cells = cells.filter { met.contains($0.key) } }
  }

  fileprivate func didChange() { lock.withLock { changes &+= 1 } }

  /// The view state now, each view's by its identity, each property's by its name (without
  /// the wrapper's underscore).
  public var values: [(view: ViewIdentity, name: String, value: Any)] {
    let cells = lock.withLock { self.cells }
    return
      cells
      .sorted { $0.key.description < $1.key.description }
      .flatMap { identity, properties in
        properties.sorted { $0.key < $1.key }.map { name, cell in
          (view: identity, name: name, value: cell.value)
        }
      }
  }
}

/// One property's value in the storage.
final class StateCell: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Any
  private weak var storage: ViewStateStorage?
  let identity: ViewIdentity
  let label: String

  init(value: Any, storage: ViewStateStorage, identity: ViewIdentity, label: String) {
    self.stored = value
    self.storage = storage
    self.identity = identity
    self.label = label
  }

  var value: Any {
    get { lock.withLock { stored } }
    set {
      lock.withLock { stored = newValue }
      storage?.didChange()
    }
  }
}

/// A property wrapper whose value a host keeps by view identity (`@State`, `@FocusState`), or
/// which reads the environment (`@Environment`).
protocol ViewStateLinking {
  /// Points the wrapper at its cell (or its environment value) in the render `pass`, for the
  /// property `label` of the view being rendered.
  func link(in pass: RenderPass, label: String)
}

/// Links the property wrappers of views to their host's state as each view renders.
enum ViewStateLinker {
  private static let lock = NSLock()
  /// Whether a view type has any wrapper to link: found once per type.
  nonisolated(unsafe) private static var hasWrappers: [ObjectIdentifier: Bool] = [:]

  /// Links `view`'s wrappers, when a host renders it.
  static func link<V>(_ view: V) {
    guard let pass = RenderPass.current else { return }
    let key = ObjectIdentifier(V.self)
    if lock.withLock({ hasWrappers[key] }) == false { return }
    var found = false
    for child in Mirror(reflecting: view).children {
      guard let wrapper = child.value as? any ViewStateLinking, let label = child.label else {
        continue
      }
      found = true
      wrapper.link(in: pass, label: label.hasPrefix("_") ? String(label.dropFirst()) : label)
    }
    lock.withLock { hasWrappers[key] = found }
  }
}
