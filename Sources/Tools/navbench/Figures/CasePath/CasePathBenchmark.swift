// The /Event.case figures: extraction on a hit and on a miss against a hand-written switch.

import Composable

// `/Enum.case` extraction, on a hit and on a miss, against the `switch` one would write by hand.
//
// The enum has several cases, two pairs of which share a payload type, and payloads that are a
// struct holding a heap-allocated `String` (so copying it retains) and a plain `Int`. Inputs
// cycle through 64 values built at run time. Both sides are one call the optimizer cannot inline,
// and both fold the extracted value into a checksum.

/// The case-path figures: pre-built paths against `switch`; fresh paths and `Mirror` for
/// information.
enum CasePathBenchmark {
  /// The acceptable ratio of a pre-built path's extraction to a `switch`.
  static let goal = 5.0

  /// Times the extractions whose names `including` accepts and returns their figures.
  static func figures(settings: MeasureSettings, including: (String) -> Bool) -> [Figure] {
    let openedHits = makeInputs { .opened(profile($0)) }
    let otherThanOpened = makeInputs { index in
      switch index % 6 {
      case 0: .closed(profile(index))
      case 1: .count(index)
      case 2: .offset(index)
      case 3: .renamed("renamed to something long, number \(index)")
      case 4: .ping
      default: .reset
      }
    }
    let countHits = makeInputs { .count($0 &* 7) }
    let otherThanCount = makeInputs { index in
      switch index % 4 {
      case 0: .offset(index)
      case 1: .opened(profile(index))
      case 2: .closed(profile(index))
      default: .ping
      }
    }

    // Built once, and shown one value of their case, as a path in a long-lived reducer would
    // have been: the miss rows then time the steady state whichever rows run before them.
    let opened = PrebuiltPath<Profile>(path: /Event.opened)
    let count = PrebuiltPath<Int>(path: /Event.count)
    precondition(
      opened.extract(from: openedHits[0]) != nil && count.extract(from: countHits[0]) != nil)

    let figures = [
      figure(
        "/Event.opened (struct payload), hit", opened, floor: SwitchOpened(),
        inputs: openedHits, expectHits: true, goal: goal, settings: settings, including: including),
      figure(
        "/Event.opened (struct payload), miss", opened, floor: SwitchOpened(),
        inputs: otherThanOpened, expectHits: false, goal: goal, settings: settings,
        including: including),
      figure(
        "/Event.count (Int payload), hit", count, floor: SwitchCount(),
        inputs: countHits, expectHits: true, goal: goal, settings: settings, including: including),
      figure(
        "/Event.count (Int payload), miss", count, floor: SwitchCount(),
        inputs: otherThanCount, expectHits: false, goal: goal, settings: settings,
        including: including),
      figure(
        "fresh /Event.opened per extraction, hit (info)", FreshOpenedPath(),
        floor: SwitchOpened(), inputs: openedHits, expectHits: true, goal: nil,
        settings: settings, including: including),
      figure(
        "fresh /Event.opened per extraction, miss (info)", FreshOpenedPath(),
        floor: SwitchOpened(), inputs: otherThanOpened, expectHits: false, goal: nil,
        settings: settings, including: including),
      figure(
        "Mirror extraction of .opened, hit (anchor)", MirrorOpened(), floor: SwitchOpened(),
        inputs: openedHits, expectHits: true, goal: nil, settings: settings,
        including: including),
    ]
    return figures.compactMap { $0 }
  }

  /// Times `measured` against `floor` over `inputs`, unless `including` rejects `name`.
  private static func figure<Measured: Extractor, Floor: Extractor>(
    _ name: String,
    _ measured: Measured,
    floor: Floor,
    inputs: [Event],
    expectHits: Bool,
    goal: Double?,
    settings: MeasureSettings,
    including: (String) -> Bool
  ) -> Figure? {
    guard including(name) else { return nil }
    return compare(
      name,
      measured: BenchOperation(label: "case path") { n in
        runExtractions(measured, inputs: inputs, iterations: n, expectHits: expectHits, name: name)
      },
      floor: BenchOperation(label: "switch") { n in
        runExtractions(floor, inputs: inputs, iterations: n, expectHits: expectHits, name: name)
      },
      goal: goal,
      settings: settings)
  }
}
