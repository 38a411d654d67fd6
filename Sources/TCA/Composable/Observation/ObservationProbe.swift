// ObservationProbe: whether Observation could be tracking an access on the calling thread.

import CObservationProbe
import Observation

/// Whether an access on the calling thread could be tracked by Observation, asked of the
/// toolchain's Observation runtime itself.
///
/// Observation records an access only inside `withObservationTracking` (and the APIs built on
/// it, such as `Observations`), and it keeps the innermost scope of each thread in a
/// thread-local slot that it exports no way to read. A registrar that no tracking scope ever
/// read cannot have observers, so `@ObservableState` creates its `ObservationRegistrar` at the
/// first tracked access and skips `willSet`/`didSet` until then: its mutations then cost about
/// what a plain struct's do (docs/performance.md §7).
///
/// The probe reads the slot where the runtime keeps it (CObservationProbe). It is enabled only
/// after a self-check: the slot must be empty outside `withObservationTracking` and set inside
/// it. Where the check fails (another runtime's layout, a statically linked standard library),
/// every access counts as tracked, which is what Observation's own registrar does.
enum ObservationProbe {
  /// Whether the probe found the slot and the slot passed the self-check; decided once.
  static let isEnabled: Bool = {
    guard navd_observation_probe_open(), navd_observation_probe_slot_value() == nil else {
      return false
    }
    let inside = withObservationTracking {
      navd_observation_probe_slot_value() != nil
    } onChange: {
    }
    guard inside, navd_observation_probe_slot_value() == nil else { return false }
    navd_observation_probe_enable()
    return true
  }()

  /// Whether an access made now, on this thread, could be tracked: always `true` while the
  /// probe is off.
  @inline(__always)
  static var isTracking: Bool { navd_observation_tracking() }
}

/// Whether a read made now, on this thread, could be tracked by Observation: the getters
/// `@ObservableState` generates report a read to the registrar only then (``ObservationProbe``).
@inlinable
public var _$isObservationTracking: Bool { navd_observation_tracking() }
