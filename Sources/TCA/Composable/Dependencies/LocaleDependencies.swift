// The `calendar`, `locale` and `timeZone` dependencies: the system's when live, fixed in tests
// and previews so that formatted dates and numbers are the same on every machine.

import Foundation

extension DependencyValues {
  /// The calendar dates are computed in: the user's when live; in tests and previews a
  /// Gregorian calendar in UTC, so a test's expectations hold on any machine.
  public var calendar: Calendar {
    get { self[CalendarKey.self] }
    set { self[CalendarKey.self] = newValue }
  }

  /// The locale text is formatted for: the user's when live, `en_US_POSIX` in tests and previews.
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }

  /// The time zone dates are shown in: the user's when live, UTC in tests and previews.
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }
}

private enum CalendarKey: DependencyKey {
  static var liveValue: Calendar { .autoupdatingCurrent }
  static var testValue: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0)!
    return calendar
  }
}

private enum LocaleKey: DependencyKey {
  static var liveValue: Locale { .autoupdatingCurrent }
  static var testValue: Locale { Locale(identifier: "en_US_POSIX") }
}

private enum TimeZoneKey: DependencyKey {
  static var liveValue: TimeZone { .autoupdatingCurrent }
  static var testValue: TimeZone { TimeZone(secondsFromGMT: 0)! }
}
