// The monotonic clock, in nanoseconds: what every timing in navbench reads.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Returns the monotonic clock, in nanoseconds.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}
