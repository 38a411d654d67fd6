// Numbers as the table and the lines below it print them, with a fixed number of decimals.

import Foundation

/// Returns `value` with `digits` decimals.
func formatted(_ value: Double, digits: Int = 1) -> String {
  String(format: "%.\(digits)f", value)
}
