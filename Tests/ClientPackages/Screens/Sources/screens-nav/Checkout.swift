// A checkout, in the macro-era dialect: a cart, a coupon field bound through BindableAction, an
// address sheet, a confirmation alert, and an order button disabled while the cart is empty.

import ComposableArchitecture

@Reducer
struct Checkout {
  @ObservableState
  struct State: Equatable {
    var items: [String]
    var coupon = ""
    var giftWrap = false
    var address: String?
    var placed = false
    @Presents var destination: Destination.State?

    init(items: [String] = ["Tea", "Scones"]) { self.items = items }
  }

  enum Action: BindableAction {
    case addressButtonTapped
    case binding(BindingAction<State>)
    case clearCartButtonTapped
    case destination(PresentationAction<Destination.Action>)
    case placeOrderButtonTapped
    enum Alert: Equatable { case confirm }
  }

  @Reducer
  enum Destination {
    case address(AddressForm)
    case alert(AlertState<Checkout.Action.Alert>)
  }

  init() {}

  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .addressButtonTapped:
        state.destination = .address(AddressForm.State(street: state.address ?? ""))
        return .none
      case .clearCartButtonTapped:
        state.items = []
        return .none
      case .placeOrderButtonTapped:
        state.destination = .alert(
          AlertState {
            TextState("Place the order?")
          } actions: {
            ButtonState(action: .confirm) { TextState("Confirm") }
            ButtonState(role: .cancel) { TextState("Not yet") }
          })
        return .none
      case .destination(.presented(.alert(.confirm))):
        state.placed = true
        return .none
      case .destination(.presented(.address(.delegate(.saved(let street))))):
        state.address = street
        return .none
      case .binding, .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

extension Checkout.Destination.State: Equatable {}

/// The address form the checkout presents: a street field and "Save", which it must be left by.
@Reducer
struct AddressForm {
  @ObservableState
  struct State: Equatable {
    var street: String
  }
  enum Action {
    case delegate(Delegate)
    case saveButtonTapped
    case setStreet(String)
    enum Delegate: Equatable { case saved(String) }
  }
  @Dependency(\.dismiss) var dismiss
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .delegate:
        return .none
      case .saveButtonTapped:
        return .run { [street = state.street, dismiss] send in
          await send(.delegate(.saved(street)))
          await dismiss()
        }
      case .setStreet(let street):
        state.street = street
        return .none
      }
    }
  }
}
