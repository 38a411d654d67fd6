// The TCA family's costs in a real app's hot paths, each against what it replaces, in one run:
//
// - an action whose reducer changes `@Shared(.inMemory)` state (`withLock`), sent to a store,
//   against the same action changing a plain field;
// - a `@DependencyClient` endpoint called through the method the macro writes, against a plain
//   closure in a struct;
// - the test store's `send` as Swift 6 tests await it (`nonisolated(nonsending)`, from an async
//   context) against its synchronous driver `sendBlocking`, the same engine without the hop.

/// The family's figures.
enum FamilyBenchmark {
  /// The goals the issue set: shared 3× plain; endpoint 1.5× closure; Swift 6 send 1.2×.
  static let sharedGoal = 3.0
  static let endpointGoal = 1.5
  static let testStoreGoal = 1.2

  /// Times the figures whose names `including` accepts and returns them.
  static func figures(settings: MeasureSettings, including: (String) -> Bool) -> [Figure] {
    [
      sharedFigure(settings: settings, including: including),
      endpointFigure(settings: settings, including: including),
      testStoreFigure(settings: settings, including: including),
    ].compactMap { $0 }
  }
}
