// Previews launched as features: `navd.launch_preview` drives the store the preview's body
// made, on the launch's clock, with the body run again at every render; the explorer walks one.

import ComposableArchitecture
import HeadlessUI
import LuaBridge
import NavValue
import Foundation
import XCTest

@testable import NavHosting
@testable import NavScript

/// A metronome: taps count, and its screen's `.task` ticks once a second while it is shown.
@Reducer
private struct Metronome {
  @ObservableState
  struct State: Equatable {
    var taps = 0
    var ticks = 0
    var detail: Int?
  }
  enum Action {
    case tapped
    case started
    case tick
    case showDetail
    case detailClosed
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .tapped:
        state.taps += 1
        return .none
      case .started:
        return .run { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick:
        state.ticks += 1
        return .none
      case .showDetail:
        state.detail = state.taps
        return .none
      case .detailClosed:
        state.detail = nil
        return .none
      }
    }
  }
}

private struct MetronomeView: View {
  let store: StoreOf<Metronome>
  @State private var isMuted = false

  var body: some View {
    Form {
      Text("Taps: \(store.taps)")
      Text("Ticks: \(store.ticks)")
      Button("Tap") { store.send(.tapped) }
      Toggle("Muted", isOn: $isMuted)
      Button("Details") { store.send(.showDetail) }
    }
    .task { await store.send(.started).finish() }
    .navigationTitle("Metronome")
  }
}

#Preview("Metronome") {
  NavigationStack {
    MetronomeView(store: Store(initialState: Metronome.State(taps: 2)) { Metronome() })
  }
}

/// A preview with no store: its only state is the view's own.
private struct Lamp: View {
  @State private var isOn = false
  var body: some View {
    Text(isOn ? "On" : "Off")
    Button("Switch") { isOn.toggle() }
  }
}

#Preview("Lamp") {
  Lamp()
}

/// A preview the older way, found by its conformance (internal, as apps write it: a private
/// one that nothing uses may be dropped by the optimizer in release builds).
struct Lamp_Previews: PreviewProvider {
  static var previews: some View { Lamp() }
}

final class PreviewFeatureTests: XCTestCase {
  func testALaunchedPreviewDrivesTheStoreItsBodyMadeAndShowsItsStateAsItChanges() throws {
    let harness = ScriptHarness()
    let values = try harness.run(
      """
      local app = navd.launch_preview("Metronome")
      local before = app.state.taps
      app:tap("Tap")
      app:tap("Tap")
      app:see("Taps: 4")
      return before, app.state.taps, app.feature
      """)
    XCTAssertEqual(values, [.integer(2), .integer(4), .string("preview:Metronome")])
  }

  func testAPreviewsTaskRunsOnTheLaunchsVirtualClock() async throws {
    let values = try await runOffMain(
      """
      local app = navd.launch_preview("Metronome")
      app:screen()
      local running = #app:running_tasks()
      app:advance(3)
      local ticks = app.state.ticks
      app:see("Ticks: 3")
      return running, ticks
      """)
    XCTAssertEqual(values, [.integer(1), .integer(3)])
  }

  func testAPreviewWithoutAStoreKeepsItsViewsOwnState() throws {
    let harness = ScriptHarness()
    let values = try harness.run(
      """
      local app = navd.launch_preview("Lamp")
      app:tap("Switch")
      app:see("On")
      return (pcall(app.see, app, "Off"))
      """)
    XCTAssertEqual(values, [.bool(false)])
  }

  func testAPreviewProviderIsFoundByItsTypeAndLaunches() throws {
    let provider = try XCTUnwrap(PreviewRegistry.all.first { $0.name == "Lamp_Previews" })
    XCTAssertTrue(provider.location.hasSuffix("Lamp_Previews"), provider.location)
    let harness = ScriptHarness()
    let values = try harness.run(
      """
      local app = navd.launch_preview("Lamp_Previews")
      app:tap("Switch")
      return (pcall(app.see, app, "On"))
      """)
    XCTAssertEqual(values, [.bool(true)])
  }

  func testAnUnknownPreviewIsAClearErrorNamingThePreviews() {
    let harness = ScriptHarness()
    let message = harness.error(#"navd.launch_preview("Metronom")"#)
    XCTAssertTrue(message.contains(#"no preview named "Metronom""#), message)
    XCTAssertTrue(message.contains(#""Metronome""#), message)
  }

  func testAPreviewTakesNoLaunchState() {
    let harness = ScriptHarness()
    let message = harness.error(#"navd.launch_preview("Metronome", {state = {taps = 9}})"#)
    XCTAssertTrue(message.contains("starts from the state its body makes"), message)
  }

  func testAPreviewIsAFeatureByItsPrefixedNameAndTheExplorerWalksIt() throws {
    let feature = try XCTUnwrap(ScriptFeature.named("preview:Metronome", in: []))
    var options = ExploreOptions()
    options.steps = 60
    options.depth = 3
    options.seed = 1
    let report = try Explorer(feature: feature, options: options).run()
    XCTAssertEqual(report.findings.map(\.kind), [], "\(report.findings)")
    XCTAssertGreaterThan(report.screens, 1)
    XCTAssertNil(ScriptFeature.named("preview:Nothing", in: []))
  }
}

/// Runs `script` in a harness of its own on a thread of its own, as `navctl test` runs specs:
/// the views' tasks run on the main actor, which the awaiting test leaves free.
private func runOffMain(_ script: String) async throws -> [DataValue] {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      do {
        continuation.resume(returning: try ScriptHarness().run(script))
      } catch {
        continuation.resume(throwing: error)
      }
    }
    thread.stackSize = 16 << 20
    thread.start()
  }
}
