// Real states and actions of the case studies, in the value model: the seeds of the harnesses
// that decode them, and the states stack positions are resolved against.

@testable import CaseStudies
import Composable
import Foundation
import NavScript
import NavValue

/// States and actions of the case studies as navd's Lua layer and control channel encode them
/// (with stack element ids), built from Swift values so they are what the types really write.
public enum CaseStudySamples {
  /// A navigation demo with Screen A, B and C pushed (ids #0, #1 and #2).
  public static func navigationStack() -> NavigationDemo.State {
    withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      NavigationDemo.State(
        path: StackState([
          .screenA(ScreenA.State(count: 2, fact: "2 is prime.")), .screenB(),
          .screenC(ScreenC.State(count: 1, isTimerRunning: true)),
        ]))
    }
  }

  /// A contact with a fixed id.
  static let blob = Contact(
    id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, name: "Blob")

  /// States, each with the feature it is of: each case study's initial state, and some with
  /// things pushed and presented.
  public static func states() throws -> [(name: String, feature: String, value: DataValue)] {
    var states: [(String, String, DataValue)] = []
    for entry in CaseStudyTypes.all {
      states.append(("state-\(entry.name)", entry.name, entry.initialState()))
    }
    states += [
      ("state-navigation-stack", "navigation", try encode(navigationStack())),
      (
        "state-app-navigation", "app",
        try encode(AppFeature.State(destination: .navigation(navigationStack())))
      ),
      (
        "state-contacts-adding", "contacts",
        try encode(
          ContactsFeature.State(
            contacts: [blob],
            destination: .addContact(
              AddContactFeature.State(
                contact: Contact(
                  id: UUID(uuidString: "00000000-0000-0000-0000-000000000002")!, name: "")))))
      ),
      (
        "state-multiple-destinations-sheet", "multiple-destinations",
        try encode(MultipleDestinations.State(destination: .sheet(Counter.State(count: 3))))
      ),
      (
        "state-shared-state-profile", "shared-state",
        try encode(
          SharedState.State(
            counter: SharedState.Counter.State(
              count: 5, maxCount: 5, minCount: -1, numberOfCounts: 7),
            currentTab: .profile))
      ),
    ]
    return states
  }

  /// Actions as scripts send them: presented, on stack elements, pushes and pops, with payloads.
  public static func actions() throws -> [(name: String, value: DataValue)] {
    [
      ("action-increment", try encode(Counter.Action.incrementButtonTapped)),
      (
        "action-element",
        try encode(
          NavigationDemo.Action.path(.element(id: 1, action: .screenB(.screenAButtonTapped))))
      ),
      (
        "action-fact-response",
        try encode(
          NavigationDemo.Action.path(
            .element(id: 0, action: .screenA(.factResponse(.success("2 is prime."))))))
      ),
      ("action-pop", try encode(NavigationDemo.Action.path(.popFrom(id: 0)))),
      (
        "action-push",
        try encode(NavigationDemo.Action.path(.push(id: 3, state: .screenC(ScreenC.State()))))
      ),
      ("action-go-back", try encode(NavigationDemo.Action.goBackToScreen(id: 1))),
      (
        "action-app-presented",
        try encode(AppFeature.Action.destination(.presented(.counter(.incrementButtonTapped))))
      ),
      ("action-app-dismiss", try encode(AppFeature.Action.destination(.dismiss))),
      (
        "action-set-name",
        try encode(ContactsFeature.Action.destination(.presented(.addContact(.setName("Blob")))))
      ),
      ("action-delete", try encode(ContactsFeature.Action.deleteButtonTapped(id: blob.id))),
      ("action-select-tab", try encode(SharedState.Action.selectTab(.profile))),
    ]
  }

  static func encode<T>(_ value: T) throws -> DataValue {
    try ValueModel.encodeAny(value)
  }
}
