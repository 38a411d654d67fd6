// FuzzDriver: libFuzzer's entry point for programs with a main of their own.
//
// SwiftPM links an executable with `--defsym main=<module>_main`, so libFuzzer's own `main` never
// runs; each harness's main.swift calls LLVMFuzzerRunDriver (part of libclang_rt.fuzzer, which
// `-sanitize=fuzzer` links) with its test function instead.

#ifndef NAVD_FUZZ_DRIVER_H
#define NAVD_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the command line `argc`/`argv`, calling `test` with each input.
int LLVMFuzzerRunDriver(int *_Nonnull argc, char *_Nullable *_Nonnull *_Nonnull argv,
                        int (*_Nonnull test)(const uint8_t *_Nonnull data, size_t size));

#endif
