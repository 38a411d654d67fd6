// EnvironmentValues: what a view's surroundings tell it, as SwiftUI's environment.

import Foundation

/// A key of a value in the environment, with the value it has where nobody sets it.
public protocol EnvironmentKey {
  /// The value's type.
  associatedtype Value
  /// The value where nobody sets it.
  static var defaultValue: Value { get }
}

/// What a view's surroundings tell it, as SwiftUI's `EnvironmentValues`: read with
/// `@Environment(\.dismiss)`, set for a subtree with `.environment(\.editMode, $mode)`.
///
/// Headless, the values that mean something are `dismiss`, `isPresented`, `openURL` and
/// `editMode`; the rest (`colorScheme`, `locale`, …) have their defaults.
public struct EnvironmentValues: @unchecked Sendable {
  private var values: [ObjectIdentifier: Any] = [:]

  /// The defaults.
  public init() {}

  /// The value of `key`: set by a modifier around the view, or the key's default.
  public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
    get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
    set { values[ObjectIdentifier(key)] = newValue }
  }

  /// Values of observable objects put in the environment by type (`.environment(model)`).
  subscript(objectOf type: Any.Type) -> AnyObject? {
    get { values[ObjectIdentifier(type)] as AnyObject? }
    set { values[ObjectIdentifier(type)] = newValue }
  }
}

extension EnvironmentValues {
  /// Dismisses the screen the view is on: its sheet, cover or pushed screen.
  public var dismiss: DismissAction {
    get { self[DismissActionKey.self] }
    set { self[DismissActionKey.self] = newValue }
  }

  /// Whether the view is on a presented screen (a sheet, a cover, a pushed screen).
  public var isPresented: Bool {
    get { self[IsPresentedKey.self] }
    set { self[IsPresentedKey.self] = newValue }
  }

  /// Opens a URL: headless, the session records it as an event a script can see.
  public var openURL: OpenURLAction {
    get { self[OpenURLActionKey.self] }
    set { self[OpenURLActionKey.self] = newValue }
  }

  /// The edit mode of the list around the view, when one is set.
  public var editMode: Binding<EditMode>? {
    get { self[EditModeKey.self] }
    set { self[EditModeKey.self] = newValue }
  }

  /// Light or dark: always light headless.
  public var colorScheme: ColorScheme {
    get { self[ColorSchemeKey.self] }
    set { self[ColorSchemeKey.self] = newValue }
  }

  /// The locale: the process's.
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }

  /// The calendar: the process's.
  public var calendar: Calendar {
    get { self[CalendarKey.self] }
    set { self[CalendarKey.self] = newValue }
  }

  /// The time zone: the process's.
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }

  /// Whether the app is active: always active headless.
  public var scenePhase: ScenePhase {
    get { self[ScenePhaseKey.self] }
    set { self[ScenePhaseKey.self] = newValue }
  }

  /// Whether controls in the view are enabled.
  public var isEnabled: Bool {
    get { self[IsEnabledKey.self] }
    set { self[IsEnabledKey.self] = newValue }
  }
}

private enum DismissActionKey: EnvironmentKey {
  static var defaultValue: DismissAction { DismissAction(dismiss: nil) }
}
private enum IsPresentedKey: EnvironmentKey {
  static var defaultValue: Bool { false }
}
private enum OpenURLActionKey: EnvironmentKey {
  static var defaultValue: OpenURLAction { OpenURLAction { _ in .systemAction } }
}
private enum EditModeKey: EnvironmentKey {
  static var defaultValue: Binding<EditMode>? { nil }
}
private enum ColorSchemeKey: EnvironmentKey {
  static var defaultValue: ColorScheme { .light }
}
private enum LocaleKey: EnvironmentKey {
  static var defaultValue: Locale { .current }
}
private enum CalendarKey: EnvironmentKey {
  static var defaultValue: Calendar { .current }
}
private enum TimeZoneKey: EnvironmentKey {
  static var defaultValue: TimeZone { .current }
}
private enum ScenePhaseKey: EnvironmentKey {
  static var defaultValue: ScenePhase { .active }
}
private enum IsEnabledKey: EnvironmentKey {
  static var defaultValue: Bool { true }
}

/// Dismisses the screen a view is on, as SwiftUI's `DismissAction`: `dismiss()`.
public struct DismissAction: Sendable {
  let dismiss: (@Sendable () -> Void)?

  /// Dismisses the screen; does nothing where nothing is presented.
  @MainActor public func callAsFunction() { dismiss?() }
}

/// Opens URLs, as SwiftUI's `OpenURLAction`.
public struct OpenURLAction: Sendable {
  /// What the handler did with a URL.
  public struct Result: Sendable, Equatable {
    let kind: Int
    /// The handler opened it.
    public static let handled = Result(kind: 0)
    /// The handler did not.
    public static let discarded = Result(kind: 1)
    /// The system is to open it.
    public static let systemAction = Result(kind: 2)
    /// The system is to open `url` instead.
    public static func systemAction(_ url: URL) -> Result { Result(kind: 2) }
  }

  let handler: @Sendable (URL) -> Result

  /// An action that gives each URL to `handler`.
  public init(handler: @escaping @Sendable (URL) -> Result) { self.handler = handler }

  /// Opens `url`.
  @MainActor public func callAsFunction(_ url: URL) {
    _ = handler(url)
    OpenedURLs.record(url)
  }

  /// Opens `url` and tells `completion` whether it was opened.
  @MainActor public func callAsFunction(_ url: URL, completion: @escaping (Bool) -> Void) {
    let result = handler(url)
    OpenedURLs.record(url)
    completion(result != .discarded)
  }
}

/// Light or dark appearance.
public enum ColorScheme: Hashable, Sendable, CaseIterable {
  /// Light.
  case light
  /// Dark.
  case dark
}

/// Whether a scene is in front, as SwiftUI's `ScenePhase`.
public enum ScenePhase: Hashable, Sendable {
  /// In front and taking input.
  case active
  /// Visible, not taking input.
  case inactive
  /// Not visible.
  case background
}

/// Whether a list is being edited, as SwiftUI's `EditMode`.
public enum EditMode: Hashable, Sendable {
  /// Not editing.
  case inactive
  /// Editing for a moment (a swipe).
  case transient
  /// Editing: rows show their delete and move controls.
  case active

  /// Whether rows are being edited.
  public var isEditing: Bool { self != .inactive }
}

/// The URLs views opened, for the session to show as events.
public enum OpenedURLs {
  nonisolated(unsafe) private static var opened: [URL] = []
  private static let lock = NSLock()

  static func record(_ url: URL) { lock.withLock { opened.append(url) } }

  /// Takes the URLs opened since the last call.
  public static func take() -> [URL] {
    lock.withLock {
      defer { opened = [] }
      return opened
    }
  }
}
