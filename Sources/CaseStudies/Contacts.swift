// The seed's `ContactsFeature` (002_295a7210d2769594.txt, "Tutorial #5 (Multiple presentation
// destinations)"): a list of contacts with an add-contact sheet and a delete confirmation alert,
// both modelled as one optional `Destination`. Copied with the import changed, `public` added for
// use from other modules, the (mis-decoded) comments rewritten, and the SwiftUI view dropped. The
// conformances navd needs are added at the bottom.
//
// One departure from the seed's text: the new contact's id comes from `@Dependency(\.uuid)`
// instead of `UUID()`, as in the TCA tutorial's next step ("Testing presentation"), so tests and
// scripts see predictable ids.

import Composable
import Foundation

// MARK: - Contact

/// A person in the contacts list.
public struct Contact: Equatable, Identifiable {
  /// The contact's identity.
  public let id: UUID
  /// The contact's name.
  public var name: String

  /// Creates a contact.
  public init(id: UUID, name: String) {
    self.id = id
    self.name = name
  }
}

/// A list of contacts that presents a sheet to add one and an alert to confirm a deletion.
public struct ContactsFeature: Reducer {
  /// The list's state.
  public struct State: Equatable {
    /// The contacts, in the order they were added.
    public var contacts: IdentifiedArrayOf<Contact> = []
    /// The add-contact sheet or the delete alert, if one is presented.
    @PresentationState public var destination: Destination.State?  // all presentations in one

    /// Creates the list's state.
    public init(contacts: IdentifiedArrayOf<Contact> = [], destination: Destination.State? = nil) {
      self.contacts = contacts
      self.destination = destination
    }
  }

  /// The list's actions.
  public enum Action: Equatable {
    case addButtonTapped
    case deleteButtonTapped(id: Contact.ID)
    case destination(PresentationAction<Destination.Action>)  // the presentations' actions

    /// The actions of the delete confirmation alert.
    public enum Alert: Equatable {
      case confirmDeletion(id: Contact.ID)
    }
  }

  @Dependency(\.uuid) var uuid

  /// Creates the reducer.
  public init() {}

  /// Presents the sheet and the alert, and adds and removes contacts as they answer.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.destination = .addContact(
          AddContactFeature.State(
            contact: Contact(id: self.uuid(), name: "")
          )
        )
        return .none
      case let .destination(.presented(.addContact(.delegate(.saveContact(contact))))):
        // The child's delegate action tells the parent what happened.
        state.contacts.append(contact)
        return .none
      case let .destination(.presented(.alert(.confirmDeletion(id: id)))):
        // The alert's button.
        state.contacts.remove(id: id)
        return .none
      case .destination:
        return .none
      case let .deleteButtonTapped(id: id):
        state.destination = .alert(
          // The system adds a cancel button to an alert by default.
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
      // Integrates the destinations' reducer.
      Destination()
    }
  }
}

extension ContactsFeature {
  /// Where the contacts list can navigate: the add-contact sheet or the delete alert.
  public struct Destination: Reducer {
    // The destinations, kept apart in an extension.
    /// The presented destination's state.
    public enum State: Equatable {
      case addContact(AddContactFeature.State)
      case alert(AlertState<ContactsFeature.Action.Alert>)
    }

    /// The presented destination's actions.
    public enum Action: Equatable {
      case addContact(AddContactFeature.Action)
      case alert(ContactsFeature.Action.Alert)
    }

    /// Creates the reducer.
    public init() {}

    /// Runs the add-contact feature; the alert needs no reducer.
    public var body: some ReducerOf<Self> {
      // Only the sheet has a reducer: an alert needs none of its own.
      Scope(state: /State.addContact, action: /Action.addContact) {
        AddContactFeature()
      }
    }
  }
}

// MARK: - Conformances for scripts, the wire and the registry

extension Contact: Codable, Hashable, Sendable {}
extension ContactsFeature: Sendable {}
extension ContactsFeature.Destination: Sendable {}
extension ContactsFeature.State: Codable, Sendable {}
extension ContactsFeature.Action: Codable, Sendable {}
extension ContactsFeature.Action.Alert: Codable, Hashable, Sendable {}
extension ContactsFeature.Destination.State: Codable, Sendable {}
extension ContactsFeature.Destination.Action: Codable, Sendable {}
