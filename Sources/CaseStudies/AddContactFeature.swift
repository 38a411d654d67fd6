// The seed's `AddContactFeature` (002_295a7210d2769594.txt, "Tutorial #5 (Multiple presentation
// destinations)"): the add-contact sheet, which tells its parent about the saved contact through a
// delegate action and dismisses itself. Copied with the import changed, `public` added for use
// from other modules, the (mis-decoded) comments rewritten, and the SwiftUI view dropped. The
// conformances navd needs are added at the bottom.

import Composable

/// The sheet that edits a new contact's name and saves or cancels it.
public struct AddContactFeature: Reducer {
  /// The sheet's state.
  public struct State: Equatable {
    /// The contact being added.
    public var contact: Contact

    /// Creates the sheet's state for `contact`.
    public init(contact: Contact) {
      self.contact = contact
    }
  }

  /// The sheet's actions.
  public enum Action: Equatable {
    case cancelButtonTapped
    case delegate(Delegate)  // what the sheet tells its parent
    case saveButtonTapped
    case setName(String)

    /// The actions the sheet sends its parent.
    public enum Delegate: Equatable {
      // What the sheet tells its parent.
      // case cancel
      case saveContact(Contact)
    }
  }

  @Dependency(\.dismiss) var dismiss

  /// Creates the reducer.
  public init() {}

  /// Edits the name; saving tells the parent and dismisses, cancelling only dismisses.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .cancelButtonTapped:
      // Dismissing is asynchronous, so it is called from an effect.
      return .run { _ in await self.dismiss() }
    case .delegate:
      // A delegate action must not run any logic here: always .none.
      return .none
    case .saveButtonTapped:
      return .run { [contact = state.contact] send in
        await send(.delegate(.saveContact(contact)))  // tells the parent through the delegate
        await self.dismiss()
      }
    case let .setName(name):
      state.contact.name = name
      return .none
    }
  }
}

// MARK: - Conformances for scripts, the wire and effects

extension AddContactFeature: Sendable {}
extension AddContactFeature.State: Codable, Sendable {}
extension AddContactFeature.Action: Codable, Sendable {}
extension AddContactFeature.Action.Delegate: Codable, Sendable {}
