// Registers ComposableSwiftTesting's functions in Composable's hooks when the binary loads.
#ifndef NAVD_SWIFT_TESTING_SUPPORT_H
#define NAVD_SWIFT_TESTING_SUPPORT_H

/// Fills in navd_swift_testing; also run by a constructor at load time.
void navd_swift_testing_register(void);

#endif
