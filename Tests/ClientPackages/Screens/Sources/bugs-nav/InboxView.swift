// The inbox's views, as for SwiftUI but for the import line.

import ComposableArchitecture
import HeadlessUI

struct InboxView: View {
  @Bindable var store: StoreOf<Inbox>

  var body: some View {
    NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
      List {
        ForEach(store.messages, id: \.self) { message in
          NavigationLink(state: Inbox.Path.State.message(Message.State(subject: message))) {
            Text(message)
          }
        }
        Text("Unread: \(store.unread)")
        Text("Checked \(store.checks) times, synced \(store.syncs) times")
        Toggle("Show archive", isOn: $store.showsArchive)
        if store.showsArchive {
          Button("Restore all") { store.send(.restoreAllButtonTapped) }
        }
        Button("Check mail") { store.send(.checkMailButtonTapped) }
        Button("Delete first", role: .destructive) { store.send(.deleteFirstButtonTapped) }
        Button("Mark read") { store.send(.markReadButtonTapped) }
        Button("Compose") { store.send(.composeButtonTapped) }
        Button("Terms") { store.send(.termsButtonTapped) }
      }
      .navigationTitle("Inbox")
    } destination: { store in
      switch store.case {
      case .message(let store):
        MessageView(store: store)
      }
    }
    .sheet(item: $store.scope(state: \.destination?.compose, action: \.destination.compose)) {
      store in
      ComposeView(store: store)
    }
    .fullScreenCover(
      item: $store.scope(state: \.destination?.terms, action: \.destination.terms)
    ) { store in
      TermsView(store: store)
    }
  }
}

struct ComposeView: View {
  let store: StoreOf<Compose>

  var body: some View {
    Form {
      Text(store.sent ? "Sent" : "Draft")
      Button("Send later") { store.send(.sendLaterButtonTapped) }
      Button("Cancel", role: .cancel) { store.send(.cancelButtonTapped) }
    }
    .navigationTitle("Compose")
  }
}

struct TermsView: View {
  @Bindable var store: StoreOf<Terms>

  var body: some View {
    Form {
      Text("Read the terms.")
      Toggle("I agree", isOn: $store.agreed)
    }
    .navigationTitle("Terms")
  }
}

struct MessageView: View {
  let store: StoreOf<Message>

  var body: some View {
    Text(store.subject)
    Button("Start sync") { store.send(.startSyncButtonTapped) }
      .navigationTitle(store.subject)
  }
}
