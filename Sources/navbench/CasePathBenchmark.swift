import Composable

// `/Enum.case` extraction, on a hit and on a miss, against the `switch` one would write by hand.
//
// The enum has several cases, two pairs of which share a payload type, and payloads that are a
// struct holding a heap-allocated `String` (so copying it retains) and a plain `Int`. Inputs
// cycle through 64 values built at run time. Both sides are one call the optimizer cannot inline,
// and both fold the extracted value into a checksum.

// MARK: - Inputs

/// A payload with a reference-counted field: extracting it copies the string's reference.
struct Profile: Equatable {
  var name: String
  var id: Int
}

/// An action-like enum whose cases share payload types, as TCA actions often do.
enum Event: Equatable {
  case opened(Profile)
  case closed(Profile)
  case count(Int)
  case offset(Int)
  case renamed(String)
  case ping
  case reset
}

/// The number of distinct inputs each operation cycles through; a power of two.
private let inputCount = 64

/// Returns `inputCount` events built by `make` from a run-time index.
private func makeInputs(_ make: (Int) -> Event) -> [Event] {
  (0..<inputCount).map { make($0 &+ opaqueZero) }
}

/// Returns a profile whose name is too long for a small string, so it lives on the heap.
private func profile(_ index: Int) -> Profile {
  Profile(name: "profile number \(index) with a long name", id: index)
}

// MARK: - Extractors

/// A way to get a payload out of an ``Event``: a hand-written `switch` or a case path.
///
/// The timing loop is generic over this protocol, so it is specialized for each extractor and
/// calls the extraction directly, with no closure in between.
protocol Extractor {
  /// The payload type extracted.
  associatedtype Value: Checksummable
  /// Returns the payload of `event`, or `nil` when it is in another case.
  func extract(from event: Event) -> Value?
}

/// A value that can be folded into a checksum, so that extracting it is never dead code.
protocol Checksummable {
  /// A number that depends on the whole value.
  var checksum: Int { get }
}

extension Profile: Checksummable {
  /// The id plus the length of the name, which reads the copied string.
  var checksum: Int { id &+ name.utf8.count }
}

extension Int: Checksummable {
  /// The integer itself.
  var checksum: Int { self }
}

/// Extracts `.opened`'s payload with a `switch`: the floor of `/Event.opened`.
struct SwitchOpened: Extractor {
  func extract(from event: Event) -> Profile? { switchOpened(event) }
}

/// Extracts `.count`'s payload with a `switch`: the floor of `/Event.count`.
struct SwitchCount: Extractor {
  func extract(from event: Event) -> Int? { switchCount(event) }
}

/// Extracts through a case path built once, outside the timing loop.
struct PrebuiltPath<Value: Checksummable>: Extractor {
  let path: CasePath<Event, Value>
  func extract(from event: Event) -> Value? { extractThrough(path, from: event) }
}

/// Builds `/Event.opened` for every extraction, as a re-evaluated reducer body does.
struct FreshOpenedPath: Extractor {
  func extract(from event: Event) -> Profile? { extractThroughFreshOpened(from: event) }
}

/// Extracts `.opened`'s payload with `Mirror`, the way case paths worked before runtime metadata.
struct MirrorOpened: Extractor {
  func extract(from event: Event) -> Profile? { mirrorOpened(event) }
}

/// The hand-written extraction of `.opened`.
@inline(never)
func switchOpened(_ event: Event) -> Profile? {
  if case .opened(let value) = event { return value }
  return nil
}

/// The hand-written extraction of `.count`.
@inline(never)
func switchCount(_ event: Event) -> Int? {
  if case .count(let value) = event { return value }
  return nil
}

/// The `Mirror` extraction of `.opened`: the case's label, then a cast of its payload.
@inline(never)
func mirrorOpened(_ event: Event) -> Profile? {
  guard let child = Mirror(reflecting: event).children.first, child.label == "opened" else {
    return nil
  }
  return child.value as? Profile
}

/// Extracts through `path`; a call the optimizer cannot inline, like the `switch` floors.
@inline(never)
func extractThrough<Value>(_ path: CasePath<Event, Value>, from event: Event) -> Value? {
  path.extract(from: event)
}

/// Builds `/Event.opened` and extracts through it.
@inline(never)
func extractThroughFreshOpened(from event: Event) -> Profile? {
  let path: CasePath<Event, Profile> = /Event.opened
  return path.extract(from: event)
}

/// Runs `extractor` on `n` inputs, cycling through `inputs`, and returns a checksum.
///
/// Traps unless every extraction hit (`expectHits`) or every one missed.
@inline(never)
func runExtractions<X: Extractor>(
  _ extractor: X, inputs: [Event], iterations n: Int, expectHits: Bool, name: String
) -> Int {
  var sum = 0
  var hits = 0
  for index in 0..<n {
    let value = extractor.extract(from: inputs[index & (inputCount - 1)])
    if let value {
      hits &+= 1
      sum &+= value.checksum
    } else {
      sum &+= 1
    }
  }
  precondition(hits == (expectHits ? n : 0), "\(name): \(hits) hits in \(n) extractions")
  return sum
}

// MARK: - Benchmark

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
