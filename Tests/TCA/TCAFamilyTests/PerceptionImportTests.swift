// `import Perception` alone: swift-perception's names over Observation, which code written for
// TCA before iOS 17 uses.

import Perception
import Testing

@Observable
private final class Scoreboard: @unchecked Sendable {
  var score = 0
}

@Test func perceptionTrackingIsObservationTracking() {
  let board = Scoreboard()
  let changed = LockedFlag()
  let read = withPerceptionTracking {
    board.score
  } onChange: {
    changed.set()
  }
  #expect(read == 0)
  board.score = 1
  #expect(changed.isSet)
  #expect((board as any Perceptible) is Scoreboard)
}

private final class LockedFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}
