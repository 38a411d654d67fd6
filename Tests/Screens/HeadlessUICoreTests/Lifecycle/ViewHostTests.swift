// The views' lifecycle and own state under a ViewHost, as iOS runs them for a stack: a pushed
// screen's `.task` lasts until it is popped, `.task(id:)` restarts with its id, `.onAppear`
// runs once per appearance, `.refreshable` is awaited, and `@State` lives as long as its view.

import ComposableArchitecture
import XCTest

@testable import HeadlessUICore

@Reducer
private struct Podcast {
  @ObservableState
  struct State: Equatable {
    var path = StackState<Episode.State>()
    var appearances = 0
    var refreshes = 0
    var query = ""
    var searches: [String] = []
  }
  enum Action {
    case appeared
    case path(StackActionOf<Episode>)
    case queryChanged(String)
    case refresh
    case search(String)
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .appeared:
        state.appearances += 1
        return .none
      case .path:
        return .none
      case .queryChanged(let query):
        state.query = query
        return .none
      case .refresh:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.search("refreshed"))
        }
      case .search(let query):
        if query == "refreshed" { state.refreshes += 1 } else { state.searches.append(query) }
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Episode() }
  }
}

@Reducer
private struct Episode {
  @ObservableState
  struct State: Equatable {
    var title = "Pilot"
    var secondsPlayed = 0
  }
  enum Action { case task, tick }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .task:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick:
        state.secondsPlayed += 1
        return .none
      }
    }
  }
}

private struct PodcastView: View {
  @Bindable var store: StoreOf<Podcast>

  var body: some View {
    NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
      List {
        TextField("Search", text: $store.query.sending(\.queryChanged))
        NavigationLink(state: Episode.State(title: "Pilot")) { Text("Play Pilot") }
        Counter()
      }
      .navigationTitle("Podcast")
      .onAppear { store.send(.appeared) }
      .task(id: store.query) {
        guard !store.query.isEmpty else { return }
        await store.send(.search(store.query)).finish()
      }
      .refreshable { await store.send(.refresh).finish() }
    } destination: { store in
      EpisodeView(store: store)
    }
  }
}

private struct EpisodeView: View {
  let store: StoreOf<Episode>

  var body: some View {
    Text("\(store.title): \(store.secondsPlayed) s")
      .navigationTitle(store.title)
      .task { await store.send(.task).finish() }
  }
}

/// A counter of the view's own, to see `@State` kept between renders.
private struct Counter: View {
  @State private var taps = 0

  var body: some View {
    Button("Tapped \(taps)") { taps += 1 }
  }
}

final class ViewHostTests: XCTestCase {
  private struct Harness {
    let store: StoreOf<Podcast>
    let clock: TestClock<Duration>
    let host = ViewHost()
    let ids = StackElementIDGenerator()

    init() {
      let clock = TestClock()
      let ids = self.ids
      self.clock = clock
      self.store = Store(initialState: Podcast.State()) {
        Podcast()
      } withDependencies: {
        $0.continuousClock = clock
        $0.stackElementID = ids
      }
    }

    var driver: ScreenDriver<Podcast.State, Podcast.Action> {
      let store = self.store
      let ids = self.ids
      return ScreenDriver(
        state: { store.state }, send: { store.send($0) }, nextStackElementID: { ids() },
        view: { store in MainActorRendering.assumeIsolated { PodcastView(store: store) }._render()
        },
        host: host, sendLive: { store.send($0) }, settle: { store.settleBlocking() })
    }

    /// Renders, which brings the lifecycle up to date, and waits for the tasks it started:
    /// they run on the main actor, which a test running there itself lets run when it awaits.
    @discardableResult
    func render() async -> NavigationTree {
      let tree = driver.tree()
      ViewHost.drainMainActor()
      await MainActor.run {}
      for _ in 0..<3 { await Task.yield() }
      store.settleBlocking()
      return tree
    }

    func advance(seconds: Int) async {
      await clock.advance(by: .seconds(seconds)) { store.settleBlocking() }
      await render()
    }
  }

  func testATaskLastsUntilItsScreenIsPopped() async throws {
    let app = Harness()
    await app.render()
    try app.driver.tap(ControlQuery(label: "Play Pilot"))
    await app.render()
    XCTAssertEqual(app.host.runningTasks.count, 1)
    XCTAssertTrue(app.host.runningTasks[0].contains("EpisodeView"), "\(app.host.runningTasks)")

    await app.advance(seconds: 3)
    XCTAssertEqual(app.store.state.path.first?.secondsPlayed, 3, "the pushed screen's timer ran")

    try app.driver.back()
    await app.render()
    // The root's `.task` starts again as the root reappears, as SwiftUI's does; with an empty
    // query it returns at once, but it may not have run yet when the render returns.
    XCTAssertEqual(
      app.host.runningTasks.filter { $0.contains("EpisodeView") }, [],
      "popping the screen cancelled its task")
    XCTAssertEqual(app.store.inFlightEffects, [], "and the effects its send started")
  }

  func testOnAppearRunsOncePerAppearance() async throws {
    let app = Harness()
    await app.render()
    await app.render()
    XCTAssertEqual(app.store.state.appearances, 1, "rendering again is not appearing again")
    try app.driver.tap(ControlQuery(label: "Play Pilot"))
    await app.render()
    XCTAssertEqual(app.store.state.appearances, 1, "covered by a push, the root disappears")
    try app.driver.back()
    await app.render()
    XCTAssertEqual(app.store.state.appearances, 2, "and appears again when it is popped back to")
  }

  func testATaskWithAnIDRestartsWhenItChanges() async throws {
    let app = Harness()
    await app.render()
    XCTAssertEqual(app.store.state.searches, [], "an empty query searches nothing")
    try app.driver.type("dune", into: "Search")
    await app.render()
    XCTAssertEqual(app.store.state.searches, ["dune"])
    try app.driver.type("emma", into: "Search")
    await app.render()
    XCTAssertEqual(app.store.state.searches, ["dune", "emma"])
  }

  func testARefreshIsAwaitedUntilItsEffectsEnd() async throws {
    let app = Harness()
    await app.render()
    XCTAssertTrue(app.host.isRefreshable)
    let store = app.store
    let refresh = try XCTUnwrap(
      app.host.refresh { store.send(ScreenDriver<Podcast.State, Podcast.Action>.cast($0)) })
    ViewHost.drainMainActor()
    store.settleBlocking()
    XCTAssertEqual(store.state.refreshes, 0, "the refresh waits for its effect")
    await app.clock.advance(by: .seconds(1)) { store.settleBlocking() }
    await refresh.value
    XCTAssertEqual(store.state.refreshes, 1)
  }

  func testViewStateLivesAsLongAsItsView() async throws {
    let app = Harness()
    await app.render()
    try app.driver.tap(ControlQuery(label: "Tapped 0"))
    try app.driver.tap(ControlQuery(label: "Tapped 1"))
    let tree = await app.render()
    XCTAssertNoThrow(try tree.see("Tapped 2"))
    let counter = app.host.storage.values.first { $0.name == "taps" }
    XCTAssertEqual(counter?.value as? Int, 2)
    XCTAssertTrue(
      counter?.view.description.hasSuffix("Counter") == true, "\(String(describing: counter?.view))"
    )
    XCTAssertEqual(app.store.state.appearances, 1, "view state is not the store's: no action")
  }
}
