// The navbench command: reads its options, runs the figures and prints the table.

import Foundation
import NavServer
import NavTransport

// navbench: navd's performance figures, each printed beside its floor measured in the same run.
// See `navbench --help` and docs/performance.md.

// MARK: - Arguments

let usage = """
  usage: navbench [--quick | --profile] [--filter TEXT]… [--busy-poll-us N] [--help]

  Measures navd's hot paths, each beside a floor timed in the same run, and prints their ratio:

    Store.send      sending a leaf action to a Store through three nested Scopes (key paths, and
                    a variant whose middle state is an enum scoped by case path), against calling
                    the same reducer tree's reduce(into:action:) directly. Goal: <= 30x.
    Navigation      a stack element action through NavigationDemo's stack (3 screens deep) and a
                    presented sheet action through MultipleDestinations, each against the same
                    reducer called directly. Goal: <= 30x, and >= 1 million stack element
                    actions per second (printed below the table).
    /Event.case     extracting a payload through a case path built once, on a hit and on a miss,
                    against a hand-written `if case let` switch. Goal: <= 5x. The "fresh" rows
                    (info) build the path for every extraction, as a re-evaluated reducer body
                    does; the Mirror row (anchor) is the reflection that case paths replace.
    macro era       a case key path's extraction (\\MacroEvent.Cases.count, resolved once) on a
                    hit and on a miss against the switch @CasePathable generates (goal <= 1.5x);
                    a stack element action through the macro-era NavigationDemo (@Reducer,
                    @ObservableState, @Reducer enum Path) against the 1.0-1.3 NavigationDemo,
                    both reduced directly (goal <= 3x); one @ObservableState mutation against a
                    plain struct's (goal <= 2x).
    TCA family      an action changing @Shared(.inMemory) state with withLock, sent to a
                    store, against the same action changing a plain field (goal <= 3x); a
                    @DependencyClient endpoint through the macro's labeled method against a
                    plain closure (goal <= 1.5x); the test store's send awaited as Swift 6 tests
                    await it (nonisolated(nonsending)) against its synchronous driver
                    sendBlocking (goal <= 1.2x).
    Lua             app:send("incrementButtonTapped") on a launched Counter from a Lua loop,
                    against a Lua->C no-op call (floor; info) and against Store.send from Swift
                    (goal <= 1.5x); the same on a Counter launched with { history = 0 } (info:
                    the Lua layer without the history); navd.launch and one send (goal <= 20
                    µs, printed below); app.state.count against the no-op (info). Goal: >= 500
                    thousand Lua sends per second (printed below the table).
    control socket  navd (a counter session) and redis-server, each in its own child process
                    on a temporary Unix socket, timed from the same minimal blocking client: one
                    client's store.send round trip against Redis PING (goal <= 1x, i.e. at least
                    Redis's throughput); 8 client threads at once (goal <= 1x); 16 pipelined
                    request lines per write against 16 pipelined PINGs (goal <= 2x, i.e. half
                    Redis's throughput), and the same 16 as one JSON-RPC batch (info); a state
                    event delivered to 100 subscribers, every version checked, against Redis
                    PUBLISH to 100 subscribers (info; goal >= 10,000 events per second each,
                    printed below); memory per attached idle client, in bytes, against
                    redis-server's (info; goal <= 64 KiB). redis-benchmark's own figures are
                    printed beside them. Without redis-server, navd is timed alone. Select them
                    all with --filter "control socket".
    screen tap      tapping "plus" on the top Screen A of NavigationDemo's stack (Screens A, B
                    and A) through its view: render the navigation tree from the store's state,
                    find the control on the frontmost screen and send what it sends, against
                    sending that action to the store (info). Goal: <= 50 µs per tap (printed
                    below the table). And a tap on a row's button in a list of 100 row stores
                    (`ForEach(store.scope(state:action:))`), rendered under a ViewHost as a
                    session renders, against its send (info).
    explore         the explorer's steps on NavigationDemo, breadth first (choose, reach, render,
                    tap, reduce, encode, de-duplicate, check), against a screen tap alone (info).
                    Goal: >= 20,000 steps per second (printed below the table, with the time to
                    walk the root app's whole graph to depth 6). And the explorer's steps on the
                    Roster fixture (row stores with steppers, an onAppear, hosted views) against
                    a tap on its screen. Goal: <= 3x. And the root app's whole graph to depth 6
                    walked by 2 shard processes at once (explore --shard), against 1 process,
                    wall time (goal <= 0.6x on 2 cores), with the merge of their reports timed
                    below the table.
    devtools        a send on NavigationDemo with the history on against off (goal <= 1.3x);
                    below the table, a session.jump to a random version of a 100,000-action
                    history (goal <= 1 ms) and the resident memory per history entry (goal <= 256 bytes).
    inspector       one client's store.send round trip to a counter session with the inspector
                    attached and its page open in headless Chromium (which fetches what it shows
                    on every version), against the same to a session with no inspector. Goal:
                    <= 1.1x. The page's own figures (opening on 100,000 entries, following 1,000
                    actions a second) are scripts/bench-inspector's.
    push/pop        100,000 cycles of goToABCButtonTapped then popToRoot on a navigation store,
                    in process (a script session on the virtual clock, as navctl test runs it)
                    and in navd over its socket (16 pipelined lines per write): the last 10,000
                    cycles against the first 10,000 of the same run (goal <= 1.2x: nothing a
                    popped screen leaves behind slows later actions). RSS before, after the
                    first 10,000 and at the end is printed below the table. Select both with
                    --filter push/pop.

  How to read it: each side runs in interleaved batches (11 by default); ns/op is the median
  batch; ratio = measured / floor. "paired range" is the lowest and highest ratio of a measured
  batch to the floor batch timed beside it: a wide range means the machine was noisy, so rerun.
  Ratios travel between machines far better than nanoseconds do. Build with -c release: debug
  figures are meaningless.

  options:
    --quick          few, short batches: a smoke test (under a second), numbers only indicative
    --profile        3 batches of ~2 s per side: for running under callgrind, where most of the
                     instructions should come from the steady state, not from one-time work
    --filter TEXT    run only the figures whose name contains TEXT (e.g. "fresh"), to profile one;
                     repeated, the figures whose name contains any of them
    --busy-poll-us N navd's busy-poll-us setting for the control socket figures (default: navd's
                     default, 50); 0 shows navd without polling
    --help           print this text

  """

var settings = MeasureSettings.full
var isQuick = false
var filters: [String] = []
var arguments = CommandLine.arguments.dropFirst()
if arguments.first == ExploreBenchmark.shardOption, arguments.count == 4 {
  let rest = Array(arguments.dropFirst())
  ExploreBenchmark.runShard(rest[0], directory: rest[1], depth: Int(rest[2]) ?? 6)
}
if arguments.first == NavdUnderTest.serveOption, let socketPath = arguments.dropFirst().first {
  NavdUnderTest.serve(at: socketPath, busyPoll: arguments.dropFirst(2).first.flatMap { Int($0) })
}
while let argument = arguments.popFirst() {
  switch argument {
  case "--help", "-h":
    print(usage, terminator: "")
    exit(0)
  case "--quick":
    settings = .quick
    isQuick = true
  case "--profile":
    settings = .profile
  case "--filter":
    guard let text = arguments.popFirst() else {
      FileHandle.standardError.write(Data("navbench: --filter needs a text\n".utf8))
      exit(2)
    }
    filters.append(text)
  case "--busy-poll-us":
    let range = Server.Configuration.busyPollMicroseconds
    guard let text = arguments.popFirst(), let microseconds = Int(text),
      range.contains(microseconds)
    else {
      FileHandle.standardError.write(
        Data("navbench: --busy-poll-us needs \(range.lowerBound) to \(range.upperBound)\n".utf8))
      exit(2)
    }
    NavdUnderTest.busyPoll = microseconds
  default:
    FileHandle.standardError.write(Data("navbench: unknown option '\(argument)'\n\n\(usage)".utf8))
    exit(2)
  }
}

// MARK: - Running

#if DEBUG
  let buildNote = "DEBUG build: figures are meaningless, use `swift run -c release navbench`"
#else
  let buildNote = "release build"
#endif

let started = Date()
let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
print(
  "navbench — \(ISO8601DateFormatter().string(from: started)), nproc \(cores), \(buildNote)"
    + (isQuick ? ", --quick (numbers only indicative)" : ""))
print(
  "\(settings.batches) interleaved batches of ~\(settings.batchNanoseconds / 1_000_000) ms per "
    + "side; medians\n")

let startNanoseconds = monotonicNanoseconds()
let selectedFilters = filters
/// Whether the figure named `name` is to be run.
let including: (String) -> Bool = { name in
  selectedFilters.isEmpty || selectedFilters.contains { name.contains($0) }
}
let figures =
  StoreSendBenchmark.figures(settings: settings, including: including)
  + NavigationBenchmark.figures(settings: settings, including: including)
  + CasePathBenchmark.figures(settings: settings, including: including)
  + MacroBenchmark.figures(settings: settings, including: including)
  + FamilyBenchmark.figures(settings: settings, including: including)
  + LuaBenchmark.figures(settings: settings, including: including)
  + ValueCodingBenchmark.figures(settings: settings, including: including)
  + ScreenBenchmark.figures(settings: settings, including: including)
  + ExploreBenchmark.figures(settings: settings, including: including)
  + DevtoolsBenchmark.figures(settings: settings, including: including)
  + SocketBenchmark.figures(settings: settings, including: including)
  + InspectorBenchmark.figures(settings: settings, including: including)
  + SustainedBenchmark.figures(settings: settings, including: including)
let elapsedSeconds = Double(monotonicNanoseconds() - startNanoseconds) / 1e9
if figures.isEmpty {
  FileHandle.standardError.write(
    Data("navbench: no figure's name contains '\(filters.joined(separator: "' or '"))'\n".utf8))
  exit(2)
}

// MARK: - Table

/// The table's rows, header first, as cells.
let rows: [[String]] =
  [["figure", "floor", "ns/op", "floor ns/op", "ratio", "paired range", "goal", "within goal"]]
  + figures.map { figure in
    [
      figure.name,
      figure.floorName,
      formatted(figure.measured),
      formatted(figure.floor, digits: 2),
      figure.floor > 0 ? formatted(figure.ratio, digits: 2) + "×" : "—",
      figure.floor > 0
        ? formatted(figure.pairedRange.lowerBound) + "–"
          + formatted(figure.pairedRange.upperBound) : "—",
      figure.goal.map { "≤ \(formatted($0, digits: $0.rounded() == $0 ? 0 : 1))×" } ?? "info",
      figure.isWithinGoal.map { $0 ? "yes" : "NO" } ?? "—",
    ]
  }

let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max()! }
/// Returns a Markdown table row with every cell padded to its column's width.
func line(_ cells: [String]) -> String {
  "| "
    + zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }
    .joined(separator: " | ") + " |"
}
print(line(rows[0]))
print(line(widths.map { String(repeating: "-", count: $0) }))
for row in rows.dropFirst() { print(line(row)) }

// Goals stated below the table (throughputs, events, memory) count in the summary too.
var missedBelowTable: [String] = []

if let stack = figures.first(where: { $0.name == NavigationBenchmark.stackFigureName }) {
  let perSecond = 1e9 / stack.measured
  let met = perSecond >= NavigationBenchmark.throughputGoal
  if !met { missedBelowTable.append("stack throughput") }
  print(
    "\nThroughput: \(formatted(perSecond / 1e6, digits: 2)) million stack element actions per "
      + "second through Store.send (goal ≥ "
      + "\(formatted(NavigationBenchmark.throughputGoal / 1e6, digits: 0)) million: "
      + "\(met ? "yes" : "NO"))")
}

if let luaSend = figures.first(where: { $0.name == LuaBenchmark.sendFigureName }) {
  let perSecond = 1e9 / luaSend.measured
  let met = perSecond >= LuaBenchmark.throughputGoal
  if !met { missedBelowTable.append("Lua throughput") }
  print(
    "Throughput: \(formatted(perSecond / 1000, digits: 0)) thousand Lua app:send calls per "
      + "second (goal ≥ \(formatted(LuaBenchmark.throughputGoal / 1000, digits: 0)) thousand: "
      + "\(met ? "yes" : "NO"))")
}

if let launch = figures.first(where: { $0.name == LuaBenchmark.launchFigureName }) {
  let met = launch.measured <= LuaBenchmark.launchGoalNanoseconds
  if !met { missedBelowTable.append("Lua launch") }
  print(
    "Launch: \(formatted(launch.measured / 1000, digits: 1)) µs for navd.launch and one send "
      + "(goal ≤ \(formatted(LuaBenchmark.launchGoalNanoseconds / 1000, digits: 0)) µs: "
      + "\(met ? "yes" : "NO"))")
}

if let tap = figures.first(where: { $0.name == ScreenBenchmark.tapFigureName }) {
  let met = tap.measured <= ScreenBenchmark.tapGoalNanoseconds
  if !met { missedBelowTable.append("screen tap") }
  print(
    "Tap: \(formatted(tap.measured / 1000, digits: 1)) µs to render the frontmost screen, find "
      + "the control and send (the send itself \(formatted(tap.floor / 1000, digits: 1)) µs; "
      + "goal ≤ \(formatted(ScreenBenchmark.tapGoalNanoseconds / 1000, digits: 0)) µs: "
      + "\(met ? "yes" : "NO"))")
}

if let step = figures.first(where: { $0.name == ExploreBenchmark.stepsFigureName }) {
  let long = ExploreBenchmark.longWalk()
  let rate = Double(long.steps) / long.seconds
  let met = rate >= 1e9 / ExploreBenchmark.stepGoalNanoseconds
  if !met { missedBelowTable.append("explore steps") }
  print(
    "Explore: \(formatted(rate, digits: 0)) steps/s on NavigationDemo over one walk of "
      + "\(long.steps) steps (\(long.screens) screens; the table's short walks "
      + "\(formatted(step.measured / 1000, digits: 1)) µs a step; a tap alone "
      + "\(formatted(step.floor / 1000, digits: 1)) µs; goal ≥ "
      + "\(formatted(1e9 / ExploreBenchmark.stepGoalNanoseconds, digits: 0)) steps/s: "
      + "\(met ? "yes" : "NO"))")
  let whole = ExploreBenchmark.wholeGraph()
  print(
    "Explore the root app to depth 6: \(formatted(whole.seconds, digits: 2)) s for "
      + "\(whole.steps) steps, \(whole.screens) screens, \(whole.transitions) transitions, "
      + "\(whole.findings) findings")
}

if !ExploreBenchmark.shardReport.isEmpty {
  print(ExploreBenchmark.shardReport.joined(separator: "\n"))
}

if figures.contains(where: { $0.name == DevtoolsBenchmark.sendFigureName }) {
  let jump = DevtoolsBenchmark.jumpNanoseconds()
  let entry = DevtoolsBenchmark.bytesPerEntry()
  let jumpMet = jump <= DevtoolsBenchmark.jumpGoalNanoseconds
  let entryMet = entry <= DevtoolsBenchmark.entryGoalBytes
  if !jumpMet { missedBelowTable.append("session.jump") }
  if !entryMet { missedBelowTable.append("history entry memory") }
  print(
    "Jump: \(formatted(jump / 1000, digits: 1)) µs to a random version of a 100,000-action "
      + "history of NavigationDemo, effects cancelled (goal ≤ 1 ms: \(jumpMet ? "yes" : "NO"))")
  print(
    "History: \(formatted(entry, digits: 0)) heap bytes per entry on NavigationDemo (malloc's count), over "
      + "100,000 sends against the same sends with the history off (goal ≤ 256: "
      + "\(entryMet ? "yes" : "NO"))")
}

let (socketLines, socketMissed) = SocketBenchmark.throughput(figures)
missedBelowTable += socketMissed
if !socketLines.isEmpty {
  let printedThroughput = figures.contains {
    $0.name == NavigationBenchmark.stackFigureName || $0.name == LuaBenchmark.sendFigureName
  }
  print((printedThroughput ? "" : "\n") + socketLines.joined(separator: "\n"))
}
if !SustainedBenchmark.report.isEmpty {
  print("\n" + SustainedBenchmark.report.joined(separator: "\n"))
}
if !InspectorBenchmark.report.isEmpty {
  print("\n" + InspectorBenchmark.report.joined(separator: "\n"))
}

let missed = figures.filter { $0.isWithinGoal == false }.map(\.name) + missedBelowTable
print(
  "\n\(figures.count) figure\(figures.count == 1 ? "" : "s") in \(formatted(elapsedSeconds)) s; "
    + (missed.isEmpty
      ? "all goals met"
      : "\(missed.count) outside goal (\(missed.joined(separator: "; ")))")
    + "; checksum \(benchmarkSink)")
// Goals are reported, never enforced: timings do not belong in a test suite's or CI's pass/fail.
