// PresentationState and PresentationAction: a feature that may be presented, and its actions.

/// The state of a feature that may be presented (a sheet, popover, drill-down, alert): the
/// feature's state, or `nil` when nothing is presented.
///
/// Declare it with the property wrapper and reach it with its projected value, as in TCA:
///
/// ```swift
/// struct State: Equatable {
///   @PresentationState var destination: Destination.State?
/// }
/// // …
/// .ifLet(\.$destination, action: /Action.destination) { Destination() }
/// ```
///
/// It encodes and compares as the optional it wraps. As in TCA, its projected value reaches into
/// the presented state: `\.$destination.addContact` is the presentation of one case of an enum
/// destination, and `state.$destination[case: \.addContact]?.contact.name = "Blob"` changes it in
/// place.
@dynamicMemberLookup
@propertyWrapper
public struct PresentationState<State> {
  private var storage: Storage

  /// Creates the state with `wrappedValue` presented, or nothing when it is `nil`.
  public init(wrappedValue: State?) { self.storage = Storage(wrappedValue) }

  /// The presented feature's state, or `nil`.
  public var wrappedValue: State? {
    get { storage.value }
    set {
      let listeningAt = storage.listeningAt
      if isKnownUniquelyReferenced(&storage) {
        storage.value = newValue
      } else {
        storage = Storage(newValue)
        storage.listeningAt = listeningAt
      }
    }
  }

  /// Where the presented state's dismissal listener was started, or `nil` before `ifLet` saw it.
  ///
  /// A child that is present in a store's initial state gets its listener the first time
  /// `ifLet` runs. Not part of equality.
  @usableFromInline
  var listeningAt: NavigationIDPath? {
    get { storage.listeningAt }
    set {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.value) }
      storage.listeningAt = newValue
    }
  }

  /// The presentation itself, for `ifLet(\.$destination, …)`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// The presented state's case `keyPath` names, as a presentation of its own.
  ///
  /// Nothing is presented in it when something else (or nothing) is. Read-only, as in TCA.
  public subscript<Case>(
    dynamicMember keyPath: CaseKeyPath<State, Case>
  ) -> PresentationState<Case> where State: CasePathable {
    PresentationState<Case>(wrappedValue: wrappedValue.flatMap { $0[case: keyPath] })
  }

  /// A property of the presented state, as a presentation of its own.
  ///
  /// Read-only, as in TCA.
  public subscript<Member>(
    dynamicMember keyPath: KeyPath<State, Member>
  ) -> PresentationState<Member> {
    PresentationState<Member>(wrappedValue: wrappedValue?[keyPath: keyPath])
  }

  /// The payload of the presented state's case `path`, read and changed in place.
  ///
  /// Setting it while another case (or nothing) is presented changes nothing and is a runtime
  /// warning, as in TCA; setting `nil` changes nothing either.
  public subscript<Case>(
    case path: CaseKeyPath<State, Case>, fileID: StaticString = #fileID, line: UInt = #line
  ) -> Case? where State: CasePathable {
    get { wrappedValue.flatMap { $0[case: path] } }
    set {
      guard let presented = wrappedValue, presented[case: path] != nil else {
        RuntimeWarning.report(
          "Can't modify unrelated case of \(State.self): "
            + (wrappedValue.map(debugCaseOutput) ?? "nothing is presented"),
          location: SourceLocation(file: fileID, line: line))
        return
      }
      guard let newValue else { return }
      wrappedValue = AnyCasePath(path).embed(newValue)
    }
  }

  /// A box so that a feature's state can present a value of its own type.
  private final class Storage: @unchecked Sendable {
    var value: State?
    var listeningAt: NavigationIDPath?
    init(_ value: State?) { self.value = value }
  }
}

extension PresentationState: Equatable where State: Equatable {
  /// Presentations are equal when their states are.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension PresentationState: Hashable where State: Hashable {
  /// Hashes the presented state.
  public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: Decodable where State: Decodable {
  /// Decodes the presented state, or `nil`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(wrappedValue: container.decodeNil() ? nil : try container.decode(State.self))
  }
}

extension PresentationState: Encodable where State: Encodable {
  /// Encodes the presented state, or `nil`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let value = wrappedValue {
      try container.encode(value)
    } else {
      try container.encodeNil()
    }
  }
}

extension PresentationState: CustomReflectable {
  /// Reflects as the optional it wraps, so dumps and diffs read like plain state.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue as Any) }
}

/// The actions of a presented feature as its parent sees them: the child's own actions, or the
/// request to dismiss it.
public enum PresentationAction<Action> {
  /// The child was dismissed (by the system, the parent, or the child's `dismiss()`).
  case dismiss
  /// An action of the presented child.
  case presented(Action)
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
extension PresentationAction: Decodable where Action: Decodable {}
extension PresentationAction: Encodable where Action: Encodable {}
