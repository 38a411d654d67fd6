// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "navd",
  products: [
    .library(name: "Composable", targets: ["Composable"]),
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    .library(name: "ComposableTesting", targets: ["ComposableTesting"]),
    .library(name: "CaseStudies", targets: ["CaseStudies"]),
    .library(name: "HeadlessUI", targets: ["HeadlessUI"]),
    .library(name: "LuaBridge", targets: ["LuaBridge"]),
    .library(name: "NavScript", targets: ["NavScript"]),
    .library(name: "NavProtocol", targets: ["NavProtocol"]),
    .library(name: "NavClient", targets: ["NavClient"]),
    .executable(name: "navd", targets: ["navd"]),
    .executable(name: "navctl", targets: ["navctl"]),
    .executable(name: "navbench", targets: ["navbench"]),
  ],
  targets: [
    // MARK: - Core (toolchain only)
    .target(name: "Composable", dependencies: ["CTestFrameworkHooks"]),
    .target(name: "ComposableTesting", dependencies: ["Composable", "ComposableSwiftTesting"]),
    // Failures that fail the test in any framework, found at run time: Composable reaches XCTest
    // by name and Swift Testing through hooks the one module that links Testing fills in.
    .target(name: "CTestFrameworkHooks"),
    .target(name: "CSwiftTestingSupport", dependencies: ["CTestFrameworkHooks"]),
    .target(name: "ComposableSwiftTesting", dependencies: ["CSwiftTestingSupport"]),
    // TCA's import line: Composable, with the Swift Testing support linked in.
    .target(name: "ComposableArchitecture", dependencies: ["Composable", "ComposableSwiftTesting"]),

    // MARK: - The seeds' case studies
    .target(name: "CaseStudies", dependencies: ["Composable"]),

    // MARK: - Headless screens: a view vocabulary close to SwiftUI's, and the case studies' views
    .target(name: "HeadlessUI", dependencies: ["Composable"]),
    .target(name: "CaseStudyViews", dependencies: ["HeadlessUI", "CaseStudies"]),

    // MARK: - Lua 5.4 (Debian's liblua5.4-dev) and the Lua layer
    .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
    .target(name: "CLuaShim", dependencies: ["CLua"]),
    .target(name: "LuaBridge", dependencies: ["CLua", "CLuaShim"]),
    .target(name: "NavScript", dependencies: ["Composable", "LuaBridge", "HeadlessUI"]),

    // MARK: - The control channel's protocol (toolchain only)
    .target(name: "NavProtocol"),

    // MARK: - The daemon: sessions, clients, transport (CNavSys: the Linux calls Glibc lacks)
    .target(name: "CNavSys"),
    .target(
      name: "NavServer",
      dependencies: [
        "CNavSys", "NavProtocol", "NavScript", "LuaBridge", "Composable", "HeadlessUI",
      ]),

    // MARK: - Executables
    .target(
      name: "ScriptedCaseStudies", dependencies: ["NavScript", "CaseStudies", "CaseStudyViews"]),
    .target(name: "NavClient", dependencies: ["NavProtocol", "CNavSys"]),
    .executableTarget(
      name: "navctl",
      dependencies: ["NavScript", "ScriptedCaseStudies", "NavProtocol", "NavClient"]),
    .executableTarget(
      name: "navd",
      dependencies: ["NavServer", "NavScript", "NavProtocol", "ScriptedCaseStudies"]),
    .executableTarget(
      name: "navbench",
      dependencies: [
        "Composable", "CaseStudies", "NavScript", "LuaBridge", "CLua", "NavServer", "NavProtocol",
        "ScriptedCaseStudies", "CNavSys",
      ]),

    // MARK: - Tests
    .testTarget(name: "ComposableTests", dependencies: ["Composable", "ComposableTesting"]),
    .testTarget(name: "ComposableTestingTests", dependencies: ["ComposableTesting"]),
    .testTarget(name: "CaseStudiesTests", dependencies: ["CaseStudies", "ComposableTesting"]),
    .testTarget(name: "LuaBridgeTests", dependencies: ["LuaBridge", "CLuaShim"]),
    .testTarget(
      name: "NavScriptTests",
      dependencies: ["NavScript", "CaseStudies", "ScriptedCaseStudies", "HeadlessUI"]),
    .testTarget(name: "NavProtocolTests", dependencies: ["NavProtocol"]),
    .testTarget(
      name: "HeadlessUITests", dependencies: ["HeadlessUI", "CaseStudyViews", "CaseStudies"]),
    .testTarget(
      name: "NavServerTests",
      dependencies: [
        "NavServer", "NavClient", "NavProtocol", "NavScript", "LuaBridge",
        "ScriptedCaseStudies",
      ]),
    .testTarget(
      name: "SeedFeaturesTests",
      dependencies: ["Composable", "ComposableTesting"],
      path: "Tests/SeedFeaturesTests"
    ),
  ],
  swiftLanguageModes: [.v6]
)
