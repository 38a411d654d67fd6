// ExploreProgress: a walk's figures as it goes — what TLC prints as states generated, distinct
// states and the queue.

import Foundation

/// How far a walk has got: its steps, the distinct screens it found, the screens still open,
/// its findings and its time.
public struct ExploreProgress: Sendable, Codable, Equatable {
  /// The uses of a screen made so far, replays included.
  public var steps: Int
  /// The distinct screens found.
  public var screens: Int
  /// The screens this walk still has to explore (within the depth, a use untried).
  public var frontier: Int
  /// The findings so far.
  public var findings: Int
  /// Seconds since the walk started.
  public var seconds: Double

  /// Figures from counts and the time since the start.
  public init(steps: Int, screens: Int, frontier: Int, findings: Int, elapsed: Duration) {
    self.steps = steps
    self.screens = screens
    self.frontier = frontier
    self.findings = findings
    let (whole, fraction) = elapsed.components
    self.seconds = Double(whole) + Double(fraction) / 1e18
  }

  /// Steps a second since the start.
  public var stepsPerSecond: Double { seconds > 0 ? Double(steps) / seconds : 0 }

  /// The figures as a line: `1,234 steps (3,100/s) · 456 screens · 12 open · 0 findings · 4.0 s`.
  public var line: String {
    "\(Self.grouped(steps)) steps (\(Self.grouped(Int(stepsPerSecond.rounded())))/s) · "
      + "\(Self.grouped(screens)) screens · \(Self.grouped(frontier)) open · "
      + "\(findings) finding\(findings == 1 ? "" : "s") · "
      + String(format: "%.1f s", seconds)
  }

  /// `number` with commas between thousands.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var text = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return (number < 0 ? "-" : "") + text
  }
}
