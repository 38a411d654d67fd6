// One @ObservableState mutation against the same mutation of a plain struct.

extension MacroBenchmark {
  static func mutationFigure(
    settings: MeasureSettings, including: (String) -> Bool
  ) -> Figure? {
    let name = "@ObservableState mutation (count += 1)"
    guard including(name) else { return nil }
    var observed = ObservedCounter()
    var plain = PlainCounter()
    return compare(
      name,
      measured: BenchOperation(label: "@ObservableState") { n in
        for _ in 0..<n { incrementObserved(&observed) }
        return observed.count
      },
      floor: BenchOperation(label: "plain struct") { n in
        for _ in 0..<n { incrementPlain(&plain) }
        return plain.count
      },
      goal: mutationGoal, settings: settings)
  }
}
