import ComposableArchitecture

/// One note on the stack, with a focus timer that counts seconds until it is stopped, or until
/// the screen is popped.
@Reducer
public struct NoteDetailFeature {
  /// The note shown, and the focus timer.
  @ObservableState
  public struct State: Equatable {
    /// The note shown.
    public var note: Note
    /// Seconds focused so far.
    public var focusedSeconds = 0
    /// Whether the timer runs.
    public var isFocusing = false

    /// Shows `note`, the timer stopped.
    public init(note: Note) {
      self.note = note
    }
  }

  /// What the screen does.
  public enum Action {
    case focusButtonTapped
    case stopButtonTapped
    case tick
  }

  enum CancelID { case focus }

  @Dependency(\.continuousClock) var clock

  /// Creates the reducer.
  public init() {}

  /// Starts, stops and counts the focus timer.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .focusButtonTapped:
        state.isFocusing = true
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.focus, cancelInFlight: true)

      case .stopButtonTapped:
        state.isFocusing = false
        return .cancel(id: CancelID.focus)

      case .tick:
        state.focusedSeconds += 1
        return .none
      }
    }
  }
}
