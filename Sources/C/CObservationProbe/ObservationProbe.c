// The Observation probe: one thread-local load per question, once the slot is found.
//
// libswiftObservation keeps the innermost tracking scope's access list in a C++ thread_local,
// `Value`, the only variable of its thread-local block (at offset 0; a guard byte follows). The
// block is reached as the library reaches it, through `__tls_get_addr` with its module id, and
// its address is cached per thread. Nothing here decides that the layout is right: the Swift
// side checks the slot against `withObservationTracking` before it enables the probe.
#define _GNU_SOURCE
#include "ObservationProbe.h"

#include <dlfcn.h>
#include <link.h>
#include <stdatomic.h>
#include <stddef.h>

/// The argument `__tls_get_addr` takes on x86-64 and AArch64 glibc.
typedef struct {
  unsigned long module;
  unsigned long offset;
} navd_tls_index;

extern void *__tls_get_addr(navd_tls_index *index);

static size_t module_id;
static atomic_bool enabled;
static _Thread_local void *const *thread_slot;

static void *const *slot(void) {
  if (thread_slot == NULL) {
    navd_tls_index index = {module_id, 0};
    thread_slot = __tls_get_addr(&index);
  }
  return thread_slot;
}

bool navd_observation_probe_open(void) {
  void *handle = dlopen("libswiftObservation.so", RTLD_LAZY | RTLD_NOLOAD);
  if (handle == NULL) return false;
  size_t id = 0;
  int failed = dlinfo(handle, RTLD_DI_TLS_MODID, &id);
  dlclose(handle);
  if (failed != 0 || id == 0) return false;
  module_id = id;
  return true;
}

void navd_observation_probe_enable(void) {
  atomic_store_explicit(&enabled, true, memory_order_release);
}

const void *navd_observation_probe_slot_value(void) { return *slot(); }

bool navd_observation_tracking(void) {
  if (!atomic_load_explicit(&enabled, memory_order_acquire)) return true;
  return *slot() != NULL;
}
