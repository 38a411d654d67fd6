// The checkout's view, as the team writes it for iOS but for its import line.

import ComposableArchitecture
import HeadlessUI

struct CheckoutView: View {
  @Bindable var store: StoreOf<Checkout>

  init(store: StoreOf<Checkout>) { self.store = store }

  var body: some View {
    NavigationStack {
      Form {
        Section("Cart") {
          ForEach(store.items, id: \.self) { item in
            Text(item)
          }
          Button("Clear cart", role: .destructive) { store.send(.clearCartButtonTapped) }
        }
        Section("Extras") {
          TextField("Coupon", text: $store.coupon)
          Toggle("Gift wrap", isOn: $store.giftWrap)
        }
        Section("Delivery") {
          Text(store.address ?? "No address yet")
          Button("Change address") { store.send(.addressButtonTapped) }
        }
        if store.placed {
          Text("Order placed")
            .font(.headline)
        }
        Button("Place order") { store.send(.placeOrderButtonTapped) }
          .disabled(store.items.isEmpty)
          .buttonStyle(.borderedProminent)
      }
      .navigationTitle("Checkout")
    }
    .fullScreenCover(
      item: $store.scope(state: \.destination?.address, action: \.destination.address)
    ) { addressStore in
      AddressFormView(store: addressStore)
    }
    .alert($store.scope(state: \.destination?.alert, action: \.destination.alert))
  }
}

struct AddressFormView: View {
  @Bindable var store: StoreOf<AddressForm>

  var body: some View {
    Form {
      TextField("Street", text: $store.street.sending(\.setStreet))
      Button("Save") { store.send(.saveButtonTapped) }
    }
    .navigationTitle("Address")
  }
}
