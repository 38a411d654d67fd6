import NavKit

/// The planted-bug fixture's host: the inbox with its crash, without it for walks in one
/// process, and a spinner that hangs.
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
    NavFeature(
      "player", summary: "A player whose Now Playing sheet traps at 0:01, from its .task.",
      initialState: Player.State(), view: PlayerView.init(store:)
    ) { Player() },
    NavFeature(
      "spinner", summary: "A counter whose \"Spin forever\" never returns.",
      initialState: Spinner.State(), view: SpinnerView.init(store:)
    ) { Spinner() },
  ]
}
