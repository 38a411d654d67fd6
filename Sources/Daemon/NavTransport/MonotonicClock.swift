// The monotonic clock, read the one way navd and navbench read it.

import Glibc

/// `CLOCK_MONOTONIC` in nanoseconds: what systemd's `MONOTONIC_USEC` counts in, and a clock the
/// I/O loop can read on every turn (a vDSO call, no system call).
@inline(__always)
package func monotonicNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}
