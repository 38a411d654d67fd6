// The preferences' view, in TCA 1.0–1.3's view syntax, as the team writes it for iOS but for its
// import line.

import ComposableArchitecture
import HeadlessUI

struct PreferencesView: View {
  let store: StoreOf<Preferences>

  init(store: StoreOf<Preferences>) { self.store = store }

  var body: some View {
    WithViewStore(self.store, observe: { $0 }) { viewStore in
      Form {
        Section("Profile") {
          TextField("Name", text: viewStore.binding(get: \.name, send: { .nameChanged($0) }))
          Text("Hello, \(viewStore.name)!")
        }
        Section("Appearance") {
          Picker("Theme", selection: viewStore.binding(get: \.theme, send: { .themeSelected($0) }))
          {
            ForEach(Preferences.Theme.allCases, id: \.self) { theme in
              Text(theme.rawValue).tag(theme)
            }
          }
          .pickerStyle(.segmented)
          Toggle(
            "Notifications",
            isOn: viewStore.binding(get: \.notifications, send: { .notificationsToggled($0) }))
        }
        Button("About") { viewStore.send(.aboutButtonTapped) }
      }
      .navigationTitle("Preferences")
      .sheet(store: self.store.scope(state: \.$about, action: { .about($0) })) { aboutStore in
        AboutView(store: aboutStore)
      }
    }
  }
}

struct AboutView: View {
  let store: StoreOf<About>

  var body: some View {
    WithViewStore(self.store, observe: { $0 }) { viewStore in
      Text("Version \(viewStore.version)")
      Button("Done") { viewStore.send(.doneButtonTapped) }
    }
  }
}
