// `import Perception`, as code written for swift-perception (TCA's observation before iOS 17)
// writes it. On Linux, Observation is there for every OS, so Perception's names are
// Observation's: `withPerceptionTracking` is `withObservationTracking`, `Perceptible` is
// `Observable`, `PerceptionRegistrar` is `ObservationRegistrar`.

@_exported import Composable
@_exported import Foundation
@_exported import Observation

/// Observation's protocol, under swift-perception's name.
public typealias Perceptible = Observable

/// Observation's registrar, under swift-perception's name.
public typealias PerceptionRegistrar = ObservationRegistrar

/// Runs `apply`, calling `onChange` once after the first change to what it read: Observation's
/// `withObservationTracking`, under swift-perception's name.
public func withPerceptionTracking<T>(
  _ apply: () -> T, onChange: @autoclosure () -> @Sendable () -> Void
) -> T {
  withObservationTracking(apply, onChange: onChange())
}
