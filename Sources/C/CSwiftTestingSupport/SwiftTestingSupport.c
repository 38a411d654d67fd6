// The load-time half of ComposableSwiftTesting: Swift has no load-time initializers, and a test
// binary exports no symbols for Composable to look up, so a constructor stores the Swift
// functions (exported with @_cdecl) in the hooks before main runs.
#include "SwiftTestingSupport.h"
#include "TestFrameworkHooks.h"

#include <stdbool.h>

// Defined in Sources/ComposableSwiftTesting/SwiftTestingHooks.swift.
void navd_swift_testing_record_issue(const char *message, const char *file_id,
                                     const char *file_path, long line, long column);
bool navd_swift_testing_is_in_test(void);
long navd_swift_testing_test_id(char *buffer, long capacity);

void navd_swift_testing_register(void) {
  struct navd_swift_testing_hooks hooks = {navd_swift_testing_record_issue,
                                           navd_swift_testing_is_in_test,
                                           navd_swift_testing_test_id};
  navd_swift_testing_hooks_set(hooks);
}

__attribute__((constructor)) static void navd_swift_testing_register_at_load(void) {
  navd_swift_testing_register();
}
