import ComposableArchitecture
import Foundation

/// The contacts feature of seeds 001 and 003 (section 1), with two `@Presents` optionals.
///
/// One is for the add sheet and one for the delete alert, before section 2 of seed 003 folds them
/// into one `Destination`. Namespaced, because the seed gives it the same name,
/// `ContactsFeature`.
enum TwoPresents {}

// The reducer as the seed writes it, assembled from its steps.
extension TwoPresents {
  @Reducer
  struct ContactsFeature {
    @ObservableState
    struct State: Equatable {
      @Presents var addContact: AddContactFeature.State?
      @Presents var alert: AlertState<Action.Alert>?
      var contacts: IdentifiedArrayOf<Contact> = []
    }
    enum Action {
      case addButtonTapped
      case addContact(PresentationAction<AddContactFeature.Action>)
      case alert(PresentationAction<Alert>)
      case deleteButtonTapped(id: Contact.ID)
      enum Alert: Equatable {
        case confirmDeletion(id: Contact.ID)
      }
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .addButtonTapped:
          state.addContact = AddContactFeature.State(
            contact: Contact(id: UUID(), name: "")
          )
          return .none

        case let .addContact(.presented(.delegate(.saveContact(contact)))):
          state.contacts.append(contact)
          return .none

        case .addContact:
          return .none

        case let .alert(.presented(.confirmDeletion(id: id))):
          state.contacts.remove(id: id)
          return .none

        case .alert:
          return .none

        case let .deleteButtonTapped(id: id):
          state.alert = AlertState {
            TextState("Are you sure?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion(id: id)) {
              TextState("Delete")
            }
          }
          return .none
        }
      }
      .ifLet(\.$addContact, action: \.addContact) {
        AddContactFeature()
      }
      .ifLet(\.$alert, action: \.alert)
    }
  }
}
