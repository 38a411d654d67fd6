// \MacroEvent.Cases.count on a hit and on a miss, against the switch @CasePathable generates.

import Composable

extension MacroBenchmark {
  static func extractionFigures(
    settings: MeasureSettings, including: (String) -> Bool
  ) -> [Figure] {
    let hits = (0..<64).map { MacroEvent.count($0 &+ opaqueZero) }
    let misses = (0..<64).map { index -> MacroEvent in
      switch index % 4 {
      case 0: .offset(index &+ opaqueZero)
      case 1: .opened(Profile(name: "profile number \(index) with a long name", id: index))
      case 2: .closed(Profile(name: "profile number \(index) with a long name", id: index))
      default: .ping
      }
    }
    let path = AnyCasePath(\MacroEvent.Cases.count)
    var figures: [Figure] = []
    for (name, inputs, expectHits) in [
      ("\\MacroEvent.Cases.count (case key path), hit", hits, true),
      ("\\MacroEvent.Cases.count (case key path), miss", misses, false),
    ] where including(name) {
      figures.append(
        compare(
          name,
          measured: BenchOperation(label: "case key path") { n in
            runMacroExtractions(
              CaseKeyPathCount(path: path), inputs: inputs, iterations: n, expectHits: expectHits)
          },
          floor: BenchOperation(label: "switch") { n in
            runMacroExtractions(
              SwitchMacroCount(), inputs: inputs, iterations: n, expectHits: expectHits)
          },
          goal: extractionGoal, settings: settings))
    }
    return figures
  }
}
