// A zero the optimizer cannot know, mixed into inputs so that none is a compile-time constant.

/// A value the optimizer cannot know: `0` unless the process was given more arguments than flags.
///
/// Benchmarks mix it into their inputs so that no input is a compile-time constant.
nonisolated(unsafe) var opaqueZero = CommandLine.arguments.count > 8 ? 1 : 0
