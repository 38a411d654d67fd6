// Animation: SwiftUI's animation values, declared in Composable (an action is sent with one from
// a reducer too) and re-exported here, so `import SwiftUI` alone names them.

@_exported import struct Composable.Animation
