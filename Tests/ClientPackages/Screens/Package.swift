// swift-tools-version: 6.0
// A team's package with screens: its own features in both TCA dialects and their views, written
// as for SwiftUI with `import HeadlessUI` in its place, hosted by NavKit (screens-nav) and driven
// by Lua UI specs (`screens-nav test specs/`); and an inbox with bugs planted for `explore` to
// find (bugs-nav).
import PackageDescription

let package = Package(
  name: "TeamScreens",
  dependencies: [
    .package(name: "navd", path: "../../..")
  ],
  targets: [
    // The features, their views (whose files differ from the team's iOS ones only in
    // `import HeadlessUI`) and the host over them, one line per feature.
    .executableTarget(
      name: "screens-nav",
      dependencies: [
        .product(name: "ComposableArchitecture", package: "navd"),
        .product(name: "HeadlessUI", package: "navd"),
        .product(name: "NavKit", package: "navd"),
      ],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
    // A feature with one bug of each kind `explore` finds, planted on purpose (bugs-nav).
    .executableTarget(
      name: "bugs-nav",
      dependencies: [
        .product(name: "ComposableArchitecture", package: "navd"),
        .product(name: "HeadlessUI", package: "navd"),
        .product(name: "NavKit", package: "navd"),
      ],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
  ],
  swiftLanguageModes: [.v6]
)
