// `ViewBuilder` and the modifiers every view has: control flow, titles, and how presentations
// and toolbar items from several parts merge.

import Composable
import XCTest

@testable import HeadlessUICore

private struct Player {
  struct State {
    var isPlaying = false
    var track: String?
    var queue: [String] = []
    var mode = Mode.shuffle
    @PresentationState var lyrics: Lyrics?
    @PresentationState var details: Lyrics?
    @PresentationState var cover: Lyrics?
  }
  enum Action: Equatable {
    case play
    case pause
    case lyrics(PresentationAction<Never>)
    case details(PresentationAction<Never>)
    case cover(PresentationAction<Never>)
  }
  enum Mode { case shuffle, repeatOne, inOrder }
  struct Lyrics {}
}

/// The play button: one branch of an `if`/`else`.
private struct PlayButton: View {
  let store: Store<Player.State, Player.Action>

  var body: ViewContent {
    if store.state.isPlaying {
      Button("Pause") { store.send(.pause) }
    } else {
      Button("Play") { store.send(.play) }
    }
  }
}

/// What is playing, if anything: an `if let` without `else`.
private struct NowPlaying: View {
  let track: String?

  var body: ViewContent {
    Text("Now playing")
    if let track {
      Text(track)
    }
  }
}

/// The queue: one text per track, from a `for` loop.
private struct Queue: View {
  let tracks: [String]

  var body: ViewContent {
    for (position, track) in tracks.enumerated() {
      Text("\(position + 1). \(track)")
    }
  }
}

/// The play mode: a `switch`.
private struct ModeLabel: View {
  let mode: Player.Mode

  var body: ViewContent {
    switch mode {
    case .shuffle: Image(systemName: "shuffle")
    case .repeatOne: Image(systemName: "repeat.1")
    case .inOrder: Text("In order")
    }
  }
}

private func labels(_ content: ViewContent) -> [String] { content.nodes.map(\.label) }

final class ViewBuilderTests: XCTestCase {
  func testIfElseBuildsTheBranchThatHolds() {
    let paused = Store<Player.State, Player.Action>.rendering(Player.State())
    let playing = Store<Player.State, Player.Action>.rendering(
      Player.State(isPlaying: true))
    XCTAssertEqual(labels(PlayButton(store: paused)._render()), ["Play"])
    XCTAssertEqual(labels(PlayButton(store: playing)._render()), ["Pause"])
  }

  func testAnIfWithoutElseBuildsNothingWhenItDoesNotHold() {
    XCTAssertEqual(
      labels(NowPlaying(track: "Blue in Green")._render()), ["Now playing", "Blue in Green"])
    XCTAssertEqual(labels(NowPlaying(track: nil)._render()), ["Now playing"])
  }

  func testAForLoopBuildsEachIterationInOrder() {
    XCTAssertEqual(
      labels(Queue(tracks: ["So What", "Freddie Freeloader", "Blue in Green"])._render()),
      ["1. So What", "2. Freddie Freeloader", "3. Blue in Green"])
    XCTAssertEqual(labels(Queue(tracks: [])._render()), [])
  }

  func testASwitchBuildsTheMatchingCase() {
    XCTAssertEqual(ModeLabel(mode: .shuffle)._render().nodes.map(\.kind), [.image])
    XCTAssertEqual(labels(ModeLabel(mode: .shuffle)._render()), ["shuffle"])
    XCTAssertEqual(labels(ModeLabel(mode: .repeatOne)._render()), ["repeat.1"])
    XCTAssertEqual(ModeLabel(mode: .inOrder)._render().nodes.map(\.kind), [.text])
    XCTAssertEqual(labels(ModeLabel(mode: .inOrder)._render()), ["In order"])
  }

  func testAnEmptyBlockAndContentAsItIs() {
    XCTAssertEqual(labels(Group {}.body), [])
    let raw = Group {
      ViewContent(nodes: [ScreenNode(kind: .text, label: "raw")])
      Text("built")
    }
    XCTAssertEqual(labels(raw._render()), ["raw", "built"])
  }

  func testTheInnermostNavigationTitleWins() {
    let content = Form {
      Section {
        Text("Track")
      }
      .navigationTitle("Inner")
    }
    .navigationTitle("Outer")
    XCTAssertEqual(content.title, "Inner")
    XCTAssertEqual(NavigationTree(rendering: content).root.title, "Inner")
    XCTAssertEqual(Text("Track").navigationTitle("Only").title, "Only")
    XCTAssertNil(Text("Track")._render().title)
  }

  func testOfTwoSiblingTitlesTheFirstIsKept() {
    let content = VStack {
      Text("A").navigationTitle("First")
      Text("B").navigationTitle("Second")
    }
    XCTAssertEqual(content._render().title, "First")
  }

  func testPresentationsMergeInTheOrderDeclared() {
    let store = Store<Player.State, Player.Action>.rendering(
      Player.State(lyrics: Player.Lyrics(), details: .init(), cover: .init()))
    let content = VStack {
      Text("Lyrics")
        .sheet(store: store.scope(state: \.$lyrics, action: { .lyrics($0) })) { _ in
          Text("la la la")
        }
      Text("Details")
        .popover(store: store.scope(state: \.$details, action: { .details($0) })) { _ in
          Text("Recorded 1959")
        }
    }
    .navigationDestination(store: store.scope(state: \.$cover, action: { .cover($0) })) { _ in
      Text("Cover art")
    }
    XCTAssertEqual(content.presentations.map(\.kind), [.sheet, .popover, .drillDown])
    XCTAssertEqual(
      content.presentations.map { $0.content.nodes.map(\.label) },
      [["la la la"], ["Recorded 1959"], ["Cover art"]])
    let tree = NavigationTree(rendering: content)
    XCTAssertEqual(tree.root.presented.map(\.kind), [.sheet, .popover, .drillDown])
    XCTAssertEqual(tree.frontmost.kind, .drillDown, "the last presentation is in front")
  }

  func testToolbarItemsMergeInOrderAfterTheContent() {
    let content = VStack {
      Text("A").toolbar { Button("One") {} }
      Text("B")
        .toolbar {
          Button("Two") {}
          Button("Three") {}
        }
    }
    .toolbar { Button("Four") {} }
    XCTAssertEqual(labels(content), ["A", "B"])
    XCTAssertEqual(content.toolbar.map(\.label), ["One", "Two", "Three", "Four"])
    XCTAssertEqual(
      NavigationTree(rendering: content).frontmost.nodes.map(\.label),
      ["A", "B", "One", "Two", "Three", "Four"])
  }

  func testAToolbarItemsPresentationIsTheScreens() {
    let store = Store<Player.State, Player.Action>.rendering(
      Player.State(details: Player.Lyrics()))
    let content = Text("Track")
      .toolbar {
        Button("Info") {}
          .popover(store: store.scope(state: \.$details, action: { .details($0) })) { _ in
            Text("Recorded 1959")
          }
      }
    let tree = NavigationTree(rendering: content)
    XCTAssertEqual(tree.frontmost.kind, .popover)
    XCTAssertEqual(tree.frontmost.nodes.map(\.label), ["Recorded 1959"])
  }
}

/// A view written as in SwiftUI: `some View`, composed of another custom view.
private struct Greeting: View {
  let name: String

  var body: some View {
    VStack {
      Headline(text: "Hello")
      Text(name)
    }
    .navigationTitle("Greeting")
  }
}

/// A custom view inside ``Greeting``.
private struct Headline: View {
  let text: String

  var body: some View {
    Text(text)
  }
}

final class SwiftUIShapeTests: XCTestCase {
  func testAViewWithAnOpaqueBodyRendersThroughItsCustomViews() {
    let content = Greeting(name: "Blob")._render()
    XCTAssertEqual(content.nodes.map(\.label), ["Hello", "Blob"])
    XCTAssertEqual(content.title, "Greeting")
    XCTAssertEqual(
      AnyView(Greeting(name: "Blob Jr."))._render().nodes.map(\.label), ["Hello", "Blob Jr."])
  }
}

/// A preview provider, as view files declare them.
private struct GreetingPreviews: PreviewProvider {
  static var previews: some View {
    Greeting(name: "Preview")
  }
}

/// A view with a `@Binding`, as SwiftUI subviews take one.
private struct NameField: View {
  @Binding var name: String

  var body: some View {
    TextField("Name", text: $name)
  }
}

final class SwiftUIDeclarationsTests: XCTestCase {
  func testPreviewsAndBindingPropertiesCompileAndRender() throws {
    XCTAssertEqual(GreetingPreviews.previews._render().nodes.map(\.label), ["Hello", "Preview"])
    final class Box: @unchecked Sendable { var name = "Blob" }
    let box = Box()
    let field = MainActorRendering.assumeIsolated {
      NameField(name: Binding(get: { box.name }, set: { box.name = $0 }))
    }
    let tree = NavigationTree(rendering: field)
    XCTAssertEqual(tree.frontmost.nodes.first?.value, "Blob")
    _ = try tree.type("Blob Jr.", into: "Name")
    XCTAssertEqual(box.name, "Blob Jr.")
  }
}
