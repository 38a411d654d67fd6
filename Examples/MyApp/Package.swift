// swift-tools-version: 6.0
// An app team's package, as small as it gets: its own TCA features and their views (MyFeatures),
// and a navd host over them (myapp-nav) — serve, test, explore, features and the remote commands
// in one program.

import PackageDescription

let package = Package(
  name: "MyApp",
  products: [
    .library(name: "MyFeatures", targets: ["MyFeatures"]),
    .executable(name: "myapp-nav", targets: ["myapp-nav"]),
  ],
  dependencies: [
    // In your own package: .package(url: "…/navd.git", branch: "main"), or a path as here.
    // (A version-pinned dependency refuses the macros' unsafe flags; a branch or a path takes
    // them.)
    .package(name: "navd", path: "../..")
  ],
  targets: [
    // The app's features, written as any TCA app writes them (no Codable), with each feature's
    // view beside it. The views import HeadlessUI where the iOS app imports SwiftUI.
    .target(
      name: "MyFeatures",
      dependencies: [
        .product(name: "ComposableArchitecture", package: "navd"),
        .product(name: "HeadlessUI", package: "navd"),
      ]),
    // The host: one line per feature.
    .executableTarget(
      name: "myapp-nav",
      dependencies: ["MyFeatures", .product(name: "NavKit", package: "navd")]),
    .testTarget(
      name: "MyFeaturesTests",
      dependencies: ["MyFeatures", .product(name: "ComposableArchitecture", package: "navd")]),
  ]
)
