// HeadlessUI, the module an app's views import in place of SwiftUI: the headless views
// (HeadlessUICore), the macros SwiftUI declares (`#Preview`), and Foundation, as SwiftUI
// re-exports it.

@_exported import Foundation
@_exported import HeadlessUICore
