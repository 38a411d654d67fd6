// swift-tools-version: 5.9
// A client of navd's `Composable` in Swift 5 language mode, the seeds' era: it compiles the
// seeds' reducers (symlinks to the seeds' files in `Sources/CaseStudies/CaseStudies`) from outside the main package.
//
// Its own targets build with warnings as errors: the seeds must compile cleanly, not just compile.
import PackageDescription

let package = Package(
  name: "SeedFeaturesSwift5",
  dependencies: [
    .package(name: "navd", path: "../../..")
  ],
  targets: [
    .target(
      name: "SeedFeatures",
      dependencies: [.product(name: "Composable", package: "navd")],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
    .testTarget(
      name: "SeedFeaturesClientTests",
      dependencies: [
        "SeedFeatures",
        .product(name: "ComposableTesting", package: "navd"),
      ],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
    // The macro-era seeds (001, 003; symlinks to `Sources/CaseStudies/ModernCaseStudies`) with TCA's own import
    // line, and their tests in XCTest and Swift Testing.
    .target(
      name: "ModernSeeds",
      dependencies: [.product(name: "ComposableArchitecture", package: "navd")],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
    .testTarget(
      name: "ModernSeedsClientTests",
      dependencies: [
        "ModernSeeds",
        .product(name: "ComposableArchitecture", package: "navd"),
      ],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
  ],
  swiftLanguageVersions: [.v5]
)
