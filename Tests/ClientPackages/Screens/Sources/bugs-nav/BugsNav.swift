import NavKit

/// The planted-bug fixture's host: the inbox with its crash, and without it for walks in one
/// process.
@main
struct BugsNav: NavHost {
  static let features: [NavFeature] = [
    NavFeature(
      "inbox", summary: "An inbox with one bug of each kind explore finds, planted.",
      initialState: Inbox.State(), view: InboxView.init(store:)
    ) { Inbox() },
    NavFeature(
      "inbox-no-crash", summary: "The same inbox without its crash.",
      initialState: Inbox.State(trapsWhenEmpty: false), view: InboxView.init(store:)
    ) { Inbox() },
  ]
}
