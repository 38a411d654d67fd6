// The action-like enum the case-path figures extract payloads from.

/// An action-like enum whose cases share payload types, as TCA actions often do.
enum Event: Equatable {
  case opened(Profile)
  case closed(Profile)
  case count(Int)
  case offset(Int)
  case renamed(String)
  case ping
  case reset
}
