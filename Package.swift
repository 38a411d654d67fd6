// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "navd",
  products: [
    .library(name: "Composable", targets: ["Composable"]),
    .library(name: "ComposableTesting", targets: ["ComposableTesting"]),
    .library(name: "CaseStudies", targets: ["CaseStudies"]),
    .executable(name: "navbench", targets: ["navbench"]),
  ],
  targets: [
    // MARK: - Core (toolchain only)
    .target(name: "Composable"),
    .target(name: "ComposableTesting", dependencies: ["Composable"]),

    // MARK: - The seeds' case studies
    .target(name: "CaseStudies", dependencies: ["Composable"]),

    // MARK: - Executables
    .executableTarget(name: "navbench", dependencies: ["Composable", "CaseStudies"]),

    // MARK: - Tests
    .testTarget(name: "ComposableTests", dependencies: ["Composable", "ComposableTesting"]),
    .testTarget(name: "ComposableTestingTests", dependencies: ["ComposableTesting"]),
    .testTarget(name: "CaseStudiesTests", dependencies: ["CaseStudies", "ComposableTesting"]),
    .testTarget(
      name: "SeedFeaturesTests",
      dependencies: ["Composable", "ComposableTesting"],
      path: "Tests/SeedFeaturesTests"
    ),
  ],
  swiftLanguageModes: [.v6]
)
