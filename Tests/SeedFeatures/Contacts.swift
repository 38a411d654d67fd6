// The seed's `ContactsFeature`, `Contact`, `ContactsFeature.Destination` and `AddContactFeature`
// (002_295a7210d2769594.txt, tutorial "Multiple presentation destinations"), copied with only the
// imports changed and the SwiftUI views dropped. The seed's comments are mis-decoded Korean; they
// are translated here (the code is verbatim).

// MARK: - Contact
import Foundation
import Composable

struct Contact: Equatable, Identifiable {
  let id: UUID
  var name: String
}
struct ContactsFeature: Reducer {
  struct State: Equatable {
    var contacts: IdentifiedArrayOf<Contact> = []
    // presentation is grouped like this and handled separately
    @PresentationState var destination: Destination.State?
  }
  enum Action: Equatable {
    case addButtonTapped
    case deleteButtonTapped(id: Contact.ID)
    case destination(PresentationAction<Destination.Action>)  // presentation action
    enum Alert: Equatable {
      case confirmDeletion(id: Contact.ID)
    }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.destination = .addContact(
          AddContactFeature.State(
            contact: Contact(id: UUID(), name: "")
          )
        )
        return .none
      case let .destination(.presented(.addContact(.delegate(.saveContact(contact))))):
        // connected to another destination's action through the delegate
        state.contacts.append(contact)
        return .none
      case let .destination(.presented(.alert(.confirmDeletion(id: id)))):
        // connect the alert
        state.contacts.remove(id: id)
        return .none
      case .destination:
        return .none
      case let .deleteButtonTapped(id: id):
        state.destination = .alert(
          // an AlertState system alert has cancel by default
          AlertState {
            TextState("Are you sure?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion(id: id)) {
              TextState("Delete")
            }
          }
        )
        return .none
      }
    }
    .ifLet(\.$destination, action: /Action.destination) {
      // combine the navigation reducer
      Destination()
    }
  }
}
extension ContactsFeature {
  struct Destination: Reducer {
    // navigation is handled in an extension
    enum State: Equatable {
      case addContact(AddContactFeature.State)
      case alert(AlertState<ContactsFeature.Action.Alert>)
    }
    enum Action: Equatable {
      case addContact(AddContactFeature.Action)
      case alert(ContactsFeature.Action.Alert)
    }
    var body: some ReducerOf<Self> {
      // handled like this because there is only one Reducer:
      // the alert needs no Reducer of its own.
      Scope(state: /State.addContact, action: /Action.addContact) {
        AddContactFeature()
      }
    }
  }
}

// MARK: - AddContactFeature

struct AddContactFeature: Reducer {
  struct State: Equatable {
    var contact: Contact
  }
  enum Action: Equatable {
    case cancelButtonTapped
    case delegate(Delegate)  // connected to the parent through a delegate
    case saveButtonTapped
    case setName(String)
    enum Delegate: Equatable {
      // connected to the parent through a delegate
      // case cancel
      case saveContact(Contact)
    }
  }
  @Dependency(\.dismiss) var dismiss
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .cancelButtonTapped:
      // dismiss runs asynchronously, so calling it from an Effect is appropriate.
      return .run { _ in await self.dismiss() }
    case .delegate:
      // a delegate must not run any logic itself. Always .none!
      return .none
    case .saveButtonTapped:
      return .run { [contact = state.contact] send in
        await send(.delegate(.saveContact(contact)))  // pass it on through the delegate!
        await self.dismiss()
      }
    case let .setName(name):
      state.contact.name = name
      return .none
    }
  }
}
