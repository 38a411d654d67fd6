// A real store driven through its headless view, for the tests.

@testable import CaseStudies
@testable import CaseStudyViews
import Composable
import Foundation
import HeadlessUICore
import Synchronization
import XCTest

/// The case-study app in a store, driven through `AppView`.
final class AppHarness: @unchecked Sendable {
  let store: StoreOf<AppFeature>
  let ids = StackElementIDGenerator()
  var driver: ScreenDriver<AppFeature.State, AppFeature.Action> {
    let store = self.store
    let ids = self.ids
    return ScreenDriver(
      state: { store.state }, send: { store.send($0) }, nextStackElementID: { ids() },
      view: { store in MainActorRendering.assumeIsolated { AppView(store: store) }._render() })
  }

  init(_ state: AppFeature.State = AppFeature.State()) {
    let ids = self.ids
    store = Store(initialState: state) {
      AppFeature()
    } withDependencies: {
      $0.stackElementID = ids
      $0.factClient = FactClient { number in "\(number) is a good number." }
    }
  }

  var tree: NavigationTree { driver.tree() }
  var frontmost: Screen { tree.frontmost }

  func tap(_ label: String, role: String? = nil, index: Int? = nil) throws {
    try driver.tap(ControlQuery(label: label, role: role, index: index))
  }

  func type(_ text: String, into field: String) throws { try driver.type(text, into: field) }

  func back() throws { try driver.back() }

  /// Waits (up to 5 s) until `condition` holds for the state: effects run on other threads.
  func wait(
    _ what: String, file: StaticString = #filePath, line: UInt = #line,
    until condition: (AppFeature.State) -> Bool
  ) {
    let deadline = Date() + 5
    while !condition(store.state), Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    XCTAssertTrue(condition(store.state), "timed out waiting: \(what)", file: file, line: line)
  }
}

/// Records the runtime warnings reported while `body` runs.
func runtimeWarnings(in body: () -> Void) -> [String] {
  let log = Mutex<[String]>([])
  withDependencies {
    $0.issueReporter = IssueReporter { message, _ in log.withLock { $0.append(message) } }
  } operation: {
    body()
  }
  return log.withLock { $0 }
}

/// The root actions of an activation, as the root feature's actions.
func sent<Action>(
  _ activation: Activation, as _: Action.Type, file: StaticString = #filePath, line: UInt = #line
) -> [Action] {
  guard case .send(let actions) = activation else {
    XCTFail("expected actions to send, got a push", file: file, line: line)
    return []
  }
  return actions.compactMap { action in
    guard let action = action.value as? Action else {
      XCTFail("\(type(of: action.value)) is not \(Action.self)", file: file, line: line)
      return nil
    }
    return action
  }
}

extension Activation {
  /// The one root action this activation sends, or `nil` when it sends none, several, or pushes.
  var value: Any? {
    guard case .send(let actions) = self else { return nil }
    return actions.value
  }
}

extension Array where Element == RootAction {
  /// The one root action here, or `nil` when there are none or several.
  var value: Any? { count == 1 ? self[0].value : nil }
}
