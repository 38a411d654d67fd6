#include "TestFrameworkHooks.h"

// Written before main runs (by a constructor), read afterwards: no lock needed.
static struct navd_swift_testing_hooks hooks = {0, 0, 0};

void navd_swift_testing_hooks_set(struct navd_swift_testing_hooks new_hooks) { hooks = new_hooks; }

struct navd_swift_testing_hooks navd_swift_testing_hooks_get(void) { return hooks; }
