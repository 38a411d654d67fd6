// One row of the table: a measured operation, its floor, and the ratio of their medians.

/// One row of the table: a measured operation, its floor, and the ratio of their medians.
struct Figure {
  /// What was measured, such as `Store.send, 3 nested key-path Scopes`.
  var name: String
  /// What the floor was, such as `switch`.
  var floorName: String
  /// The median nanoseconds per operation of the measured side.
  var measured: Double
  /// The median nanoseconds per operation of the floor.
  var floor: Double
  /// The largest acceptable ratio, or `nil` when the row is for information only.
  var goal: Double?
  /// The smallest and largest ratio of one measured batch to the floor batch timed beside it.
  var pairedRange: ClosedRange<Double>

  /// `measured / floor`.
  var ratio: Double { floor > 0 ? measured / floor : .infinity }

  /// Whether the ratio is within the goal; `nil` when there is no goal.
  var isWithinGoal: Bool? { goal.map { ratio <= $0 } }
}
