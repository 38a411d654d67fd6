// Whether Observation is tracking accesses on the calling thread, read from the toolchain's
// Observation runtime, so that `@ObservableState` can skip its registrar when nothing can be
// observing (see Sources/Composable/Observation/ObservationProbe.swift).
#ifndef NAVD_OBSERVATION_PROBE_H
#define NAVD_OBSERVATION_PROBE_H

#include <stdbool.h>

/// Finds the thread-local slot in which libswiftObservation keeps the access list of the
/// innermost `withObservationTracking` on each thread. Returns whether the library is loaded
/// and has thread-local storage; the probe stays off (tracking always assumed) until
/// `navd_observation_probe_enable` is called.
bool navd_observation_probe_open(void);

/// Turns the probe on, after the caller checked that the slot behaves as expected.
void navd_observation_probe_enable(void);

/// The calling thread's slot, read directly: NULL outside any tracking, for the self-check.
/// Only meaningful after `navd_observation_probe_open` returned true.
const void *navd_observation_probe_slot_value(void);

/// Whether an access on the calling thread could be tracked: true inside a
/// `withObservationTracking` on this thread, and always true while the probe is off.
bool navd_observation_tracking(void);

#endif
