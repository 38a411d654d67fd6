// The store tests' feature: an inbox three levels deep (inbox, folder, message), whose
// reducers do nothing: the tests look at what reaches the store, not what it does.

import Composable

struct Inbox: Reducer {
  struct State {
    var title = "Inbox"
    var tab = Tab.unread
    var folder = Folder.State()
  }
  enum Action: Equatable {
    case folder(Folder.Action)
    case refresh
    case selectTab(Tab)
  }
  enum Tab: Hashable { case unread, all }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

struct Folder: Reducer {
  struct State {
    var name = "Work"
    var message = Message.State()
  }
  enum Action: Equatable {
    case message(Message.Action)
    case rename(String)
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

struct Message: Reducer {
  struct State { var stars = 2 }
  enum Action: Equatable {
    case star
    case unstar
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}
