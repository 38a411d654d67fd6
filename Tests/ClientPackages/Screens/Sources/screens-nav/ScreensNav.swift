import NavKit

/// The team's host: each feature with its view, one line each.
@main
struct ScreensNav: NavHost {
  static let features: [NavFeature] = [
    NavFeature(
      "checkout", summary: "A checkout: cart, coupon, address cover, confirmation alert.",
      initialState: Checkout.State(), view: CheckoutView.init(store:)
    ) { Checkout() },
    NavFeature(
      "preferences", summary: "Preferences in the 1.0-1.3 dialect: fields, picker, sheet.",
      initialState: Preferences.State(), view: PreferencesView.init(store:)
    ) { Preferences() },
  ]
}
