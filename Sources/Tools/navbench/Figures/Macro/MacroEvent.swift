// The @CasePathable enum of the case key path figures: the case-path figures' Event.

import Composable
import ComposableArchitecture

/// An action-like enum with case paths from `@CasePathable`: the case-path benchmark's `Event`.
@CasePathable
enum MacroEvent {
  case opened(Profile)
  case closed(Profile)
  case count(Int)
  case offset(Int)
  case ping
}
