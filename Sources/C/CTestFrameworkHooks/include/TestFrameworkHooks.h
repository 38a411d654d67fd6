// Where Composable finds Swift Testing without linking it: a support module that does link it
// fills these in when the test binary loads (see Sources/ComposableSwiftTesting).
#ifndef NAVD_TEST_FRAMEWORK_HOOKS_H
#define NAVD_TEST_FRAMEWORK_HOOKS_H

#include <stdbool.h>

/// Records an issue in the running Swift Testing test: the message, the file as #fileID and as
/// #filePath (UTF-8, NUL-terminated), the line and the column.
typedef void (*navd_swift_testing_record_fn)(const char *message, const char *file_id,
                                             const char *file_path, long line, long column);

/// Whether the calling task runs inside a Swift Testing test (Test.current is not nil).
typedef bool (*navd_swift_testing_is_running_fn)(void);

/// Writes the running Swift Testing test's identity (NUL-terminated, truncated to capacity) into
/// buffer; returns its length, or 0 outside a test.
typedef long (*navd_swift_testing_test_id_fn)(char *buffer, long capacity);

/// The hooks; all NULL until the support module is loaded. Written once, before main runs.
struct navd_swift_testing_hooks {
  navd_swift_testing_record_fn record;
  navd_swift_testing_is_running_fn is_running;
  navd_swift_testing_test_id_fn test_id;
};

/// Stores the hooks; called once, when the support module loads.
void navd_swift_testing_hooks_set(struct navd_swift_testing_hooks hooks);

/// The hooks registered, all NULL when none were.
struct navd_swift_testing_hooks navd_swift_testing_hooks_get(void);

#endif
