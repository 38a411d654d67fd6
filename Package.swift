// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "navd",
  products: [
    .library(name: "Composable", targets: ["Composable"]),
    .library(name: "ComposableTesting", targets: ["ComposableTesting"]),
    .library(name: "CaseStudies", targets: ["CaseStudies"]),
    .library(name: "LuaBridge", targets: ["LuaBridge"]),
    .library(name: "NavScript", targets: ["NavScript"]),
    .library(name: "NavProtocol", targets: ["NavProtocol"]),
    .executable(name: "navctl", targets: ["navctl"]),
    .executable(name: "navbench", targets: ["navbench"]),
  ],
  targets: [
    // MARK: - Core (toolchain only)
    .target(name: "Composable"),
    .target(name: "ComposableTesting", dependencies: ["Composable"]),

    // MARK: - The seeds' case studies
    .target(name: "CaseStudies", dependencies: ["Composable"]),

    // MARK: - Lua 5.4 (Debian's liblua5.4-dev) and the Lua layer
    .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
    .target(name: "CLuaShim", dependencies: ["CLua"]),
    .target(name: "LuaBridge", dependencies: ["CLua", "CLuaShim"]),
    .target(name: "NavScript", dependencies: ["Composable", "LuaBridge"]),

    // MARK: - The control channel's protocol (toolchain only)
    .target(name: "NavProtocol"),

    // MARK: - Executables
    .executableTarget(name: "navctl", dependencies: ["NavScript", "CaseStudies"]),
    .executableTarget(
      name: "navbench",
      dependencies: ["Composable", "CaseStudies", "NavScript", "LuaBridge", "CLua"]),

    // MARK: - Tests
    .testTarget(name: "ComposableTests", dependencies: ["Composable", "ComposableTesting"]),
    .testTarget(name: "ComposableTestingTests", dependencies: ["ComposableTesting"]),
    .testTarget(name: "CaseStudiesTests", dependencies: ["CaseStudies", "ComposableTesting"]),
    .testTarget(name: "LuaBridgeTests", dependencies: ["LuaBridge", "CLuaShim"]),
    .testTarget(name: "NavScriptTests", dependencies: ["NavScript", "CaseStudies"]),
    .testTarget(name: "NavProtocolTests", dependencies: ["NavProtocol"]),
    .testTarget(
      name: "SeedFeaturesTests",
      dependencies: ["Composable", "ComposableTesting"],
      path: "Tests/SeedFeaturesTests"
    ),
  ],
  swiftLanguageModes: [.v6]
)
