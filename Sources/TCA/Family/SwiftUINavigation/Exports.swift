// `import SwiftUINavigation`, as apps that use swift-navigation with SwiftUI write it: all of
// SwiftNavigation, and the SwiftUI helpers over HeadlessUI's views (`bind`,
// `Binding(unwrapping:)`). The views themselves come from `import HeadlessUI`, as SwiftUI's
// come from `import SwiftUI`.

@_exported import SwiftNavigation
import HeadlessUICore
