import CaseStudies
import Composable
import ComposableArchitecture

// The macro-era API's costs, each against what it replaces, in the same run:
//
// - a case key path's extraction (resolved once, as the operators resolve theirs) against the
//   `switch` the macro generates inside it, on a hit and on a miss;
// - a stack element action through the macro-era `NavigationDemo` (`ModernNavigationDemo`:
//   `@Reducer`, `@ObservableState`, `@Reducer enum Path`, case key paths) against the same
//   action through the 1.0–1.3 `NavigationDemo`, both reduced directly;
// - one mutation of an `@ObservableState` struct against the same mutation of a plain struct.

/// An action-like enum with case paths from `@CasePathable`: the case-path benchmark's `Event`.
@CasePathable
enum MacroEvent {
  case opened(Profile)
  case closed(Profile)
  case count(Int)
  case offset(Int)
  case ping
}

/// A counter whose state observation tracks.
@ObservableState
struct ObservedCounter {
  var count = 0
  var name = "a name long enough to live on the heap"
}

/// The same counter, not observable.
struct PlainCounter {
  var count = 0
  var name = "a name long enough to live on the heap"
}

/// The macro-era figures.
enum MacroBenchmark {
  /// The goals: extraction 1.5× a `switch`; the macro-era stack action 3× the 1.0–1.3 one; an
  /// observable mutation 2× a plain one.
  static let extractionGoal = 1.5
  static let stackGoal = 3.0
  static let mutationGoal = 2.0

  /// Times the figures whose names `including` accepts and returns them.
  static func figures(settings: MeasureSettings, including: (String) -> Bool) -> [Figure] {
    extractionFigures(settings: settings, including: including)
      + [
        stackFigure(settings: settings, including: including),
        mutationFigure(settings: settings, including: including),
      ].compactMap { $0 }
  }

  // MARK: - Case key paths

  private static func extractionFigures(
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

  // MARK: - A stack action in both dialects

  private static func stackFigure(
    settings: MeasureSettings, including: (String) -> Bool
  ) -> Figure? {
    let name = "macro-era NavigationDemo stack element action, 3 screens deep"
    guard including(name) else { return nil }
    var modern = ModernNavigationDemo.State()
    _ = ModernNavigationDemo().reduce(into: &modern, action: .goToABCButtonTapped)
    var classic = NavigationDemo.State()
    _ = NavigationDemo().reduce(into: &classic, action: .goToABCButtonTapped)
    let modernAction = ModernNavigationDemo.Action.path(
      .element(id: modern.path.ids[0], action: .screenA(.incrementButtonTapped)))
    let classicAction = NavigationDemo.Action.path(
      .element(id: classic.path.ids[0], action: .screenA(.incrementButtonTapped)))
    let modernCount: (ModernNavigationDemo.State) -> Int = {
      guard case .screenA(let screen)? = $0.path.first else { return -1 }
      return screen.count
    }
    let classicCount: (NavigationDemo.State) -> Int = {
      guard case .screenA(let screen)? = $0.path.first else { return -1 }
      return screen.count
    }
    return compare(
      name,
      measured: BenchOperation(label: "@Reducer reduce") { n in
        let before = modernCount(modern)
        for _ in 0..<n {
          reduceDirectly(ModernNavigationDemo(), into: &modern, action: modernAction)
        }
        precondition(modernCount(modern) &- before == n, "every action incremented Screen A")
        return modernCount(modern)
      },
      floor: BenchOperation(label: "1.0–1.3 reduce") { n in
        let before = classicCount(classic)
        for _ in 0..<n { reduceDirectly(NavigationDemo(), into: &classic, action: classicAction) }
        precondition(classicCount(classic) &- before == n, "every action incremented Screen A")
        return classicCount(classic)
      },
      goal: stackGoal, settings: settings)
  }

  // MARK: - Observable state

  private static func mutationFigure(
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

/// A way to get the `count` payload out of a ``MacroEvent``; the loop is specialized for each.
protocol MacroCountExtractor {
  /// The payload of `event`, or `nil` in another case.
  func extract(from event: MacroEvent) -> Int?
}

/// Through a case key path resolved once.
struct CaseKeyPathCount: MacroCountExtractor {
  let path: AnyCasePath<MacroEvent, Int>
  func extract(from event: MacroEvent) -> Int? { extractCount(path, event) }
}

/// Through the hand-written `switch`.
struct SwitchMacroCount: MacroCountExtractor {
  func extract(from event: MacroEvent) -> Int? { switchMacroCount(event) }
}

/// Runs `extractor` on `n` inputs cycling through `inputs`; traps unless every one hit
/// (`expectHits`) or every one missed.
@inline(never)
func runMacroExtractions<X: MacroCountExtractor>(
  _ extractor: X, inputs: [MacroEvent], iterations n: Int, expectHits: Bool
) -> Int {
  var sum = 0
  var found = 0
  for index in 0..<n {
    if let value = extractor.extract(from: inputs[index & 63]) {
      found &+= 1
      sum &+= value
    } else {
      sum &+= 1
    }
  }
  precondition(found == (expectHits ? n : 0), "\(found) hits in \(n) extractions")
  return sum
}

/// Extracts through a resolved case key path; a call the optimizer cannot see through.
@inline(never)
func extractCount(_ path: AnyCasePath<MacroEvent, Int>, _ event: MacroEvent) -> Int? {
  path.extract(from: event)
}

/// The hand-written extraction.
@inline(never)
func switchMacroCount(_ event: MacroEvent) -> Int? {
  guard case .count(let value) = event else { return nil }
  return value
}

/// One mutation of observable state.
@inline(never)
func incrementObserved(_ counter: inout ObservedCounter) { counter.count &+= 1 }

/// The same mutation of a plain struct.
@inline(never)
func incrementPlain(_ counter: inout PlainCounter) { counter.count &+= 1 }
