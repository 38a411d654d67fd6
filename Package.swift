// swift-tools-version: 6.0
import CompilerPluginSupport
import Foundation
import PackageDescription

// MARK: - swift-syntax, from the toolchain that builds this package

/// The folder holding the toolchain's own swift-syntax modules and libraries (`usr/lib/swift/host`),
/// which the macros build against: no source build of swift-syntax, and nothing to fetch.
///
/// `NAVD_SWIFT_SYNTAX_HOST` overrides it. Otherwise it is found from the toolchain running this
/// manifest, whose `PackageDescription` library is mapped into the process from
/// `usr/lib/swift/pm/ManifestAPI`; failing that, from the `swift` on `PATH`. docs/composable.md
/// ("How swift-syntax is found") says more.
let swiftSyntaxHost: String = {
  let environment = ProcessInfo.processInfo.environment
  if let folder = environment["NAVD_SWIFT_SYNTAX_HOST"], !folder.isEmpty { return folder }
  func host(ofLibrary library: String, levelsUp: Int) -> String {
    var url = URL(fileURLWithPath: library).resolvingSymlinksInPath()
    for _ in 0..<levelsUp { url.deleteLastPathComponent() }
    return url.appendingPathComponent("host").path
  }
  // <usr>/lib/swift/pm/ManifestAPI/libPackageDescription.so -> <usr>/lib/swift/host
  if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
    let line = maps.split(separator: "\n").first(where: {
      $0.hasSuffix("/libPackageDescription.so")
    }),
    let path = line.split(separator: " ").last
  {
    let folder = host(ofLibrary: String(path), levelsUp: 3)
    if FileManager.default.fileExists(atPath: folder) { return folder }
  }
  // <usr>/bin/swift -> <usr>/lib/swift/host
  for directory in (environment["PATH"] ?? "").split(separator: ":") {
    let swift = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
    guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
    var usr = swift.resolvingSymlinksInPath()
    usr.deleteLastPathComponent()
    usr.deleteLastPathComponent()
    let folder = usr.appendingPathComponent("lib/swift/host").path
    if FileManager.default.fileExists(atPath: folder) { return folder }
  }
  return "/opt/swift/usr/lib/swift/host"
}()

/// Compiles and links a target against the toolchain's swift-syntax.
let swiftSyntaxSettings: [SwiftSetting] = [.unsafeFlags(["-I", swiftSyntaxHost])]
let swiftSyntaxLinking: [LinkerSetting] = [
  .unsafeFlags(["-L", swiftSyntaxHost, "-Xlinker", "-rpath", "-Xlinker", swiftSyntaxHost])
]

/// Release builds of navd's own modules let the modules that import them specialize generic code.
///
/// `Store`, `ViewContent`, the clock and the encoders are then specialized for the types in use:
/// without it, code reached across a module boundary looks up generic metadata at run time, and
/// the explorer's step cost 10% more instructions (docs/performance.md, section 11). An unsafe
/// flag, like the macro target's, so the same path-or-branch caveat applies.
let crossModuleOptimization: [SwiftSetting] = [
  .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))
]

let package = Package(
  name: "navd",
  products: [
    .library(name: "Composable", targets: ["Composable"]),
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    // The module names of TCA's package family, each over Composable (docs/composable.md).
    .library(name: "CasePaths", targets: ["CasePaths"]),
    .library(name: "Clocks", targets: ["Clocks"]),
    .library(name: "ConcurrencyExtras", targets: ["ConcurrencyExtras"]),
    .library(name: "CustomDump", targets: ["CustomDump"]),
    .library(name: "Dependencies", targets: ["Dependencies"]),
    .library(name: "DependenciesMacros", targets: ["DependenciesMacros"]),
    .library(name: "IdentifiedCollections", targets: ["IdentifiedCollections"]),
    .library(name: "IssueReporting", targets: ["IssueReporting"]),
    .library(name: "Sharing", targets: ["Sharing"]),
    .library(name: "Tagged", targets: ["Tagged"]),
    .library(name: "Perception", targets: ["Perception"]),
    .library(name: "SwiftNavigation", targets: ["SwiftNavigation"]),
    .library(name: "SwiftUINavigation", targets: ["SwiftUINavigation"]),
    .library(name: "ComposableTesting", targets: ["ComposableTesting"]),
    .library(name: "CaseStudies", targets: ["CaseStudies"]),
    .library(name: "HeadlessUI", targets: ["HeadlessUI"]),
    .library(name: "HeadlessUICore", targets: ["HeadlessUICore"]),
    .library(name: "NavValue", targets: ["NavValue"]),
    .library(name: "LuaBridge", targets: ["LuaBridge"]),
    .library(name: "NavHosting", targets: ["NavHosting"]),
    .library(name: "NavScript", targets: ["NavScript"]),
    .library(name: "NavProtocol", targets: ["NavProtocol"]),
    .library(name: "NavInspector", targets: ["NavInspector"]),
    // A product only so that the Fuzz package can link the daemon's sources; its API is
    // `package`-scoped (docs/architecture.md).
    .library(name: "NavTransport", targets: ["NavTransport"]),
    .library(name: "NavClient", targets: ["NavClient"]),
    // An app team's host: `@main struct MyAppNav: NavHost` over its own features.
    .library(name: "NavKit", targets: ["NavKit"]),
    .executable(name: "navd", targets: ["navd"]),
    .executable(name: "navctl", targets: ["navctl"]),
    .executable(name: "navbench", targets: ["navbench"]),
  ],
  targets: [
    // MARK: - Core (toolchain only)

    // The package's one lock: `Mutex`, or a `pthread_mutex_t` ThreadSanitizer sees.
    .target(name: "NavSync", path: "Sources/Base/NavSync", swiftSettings: crossModuleOptimization),
    // The value model: state and actions as plain data, in Lua and on the wire alike.
    .target(
      name: "NavValue", path: "Sources/Base/NavValue", swiftSettings: crossModuleOptimization),
    .target(
      name: "Composable", dependencies: ["NavSync", "CTestFrameworkHooks", "CObservationProbe"],
      path: "Sources/TCA/Composable",
      swiftSettings: crossModuleOptimization),
    // Whether Observation is tracking on this thread, read from its runtime: `@ObservableState`
    // skips its registrar while nothing can observe (Composable/Observation/ObservationProbe).
    .target(name: "CObservationProbe", path: "Sources/C/CObservationProbe"),
    // `@Reducer`, `@ObservableState`, `@Presents`, `@CasePathable`: built against the
    // toolchain's swift-syntax (see `swiftSyntaxHost` above).
    .macro(
      name: "ComposableMacros", path: "Sources/TCA/ComposableMacros",
      swiftSettings: swiftSyntaxSettings,
      linkerSettings: swiftSyntaxLinking
    ),
    .target(
      name: "ComposableTesting", dependencies: ["Composable", "ComposableSwiftTesting"],
      path: "Sources/TCA/ComposableTesting"),
    // Failures that fail the test in any framework, found at run time: Composable reaches XCTest
    // by name and Swift Testing through hooks the one module that links Testing fills in.
    .target(name: "CTestFrameworkHooks", path: "Sources/C/CTestFrameworkHooks"),
    .target(
      name: "CSwiftTestingSupport", dependencies: ["CTestFrameworkHooks"],
      path: "Sources/C/CSwiftTestingSupport"),
    .target(
      name: "ComposableSwiftTesting", dependencies: ["CSwiftTestingSupport"],
      path: "Sources/TCA/ComposableSwiftTesting"),
    // TCA's import line: Composable, the macros, and the Swift Testing support linked in.
    // Composable itself needs no compiler plugin, so code built with sanitizers that a plugin
    // cannot take (the fuzz harnesses) still builds it.
    .target(
      name: "ComposableArchitecture",
      dependencies: [
        "Composable", "ComposableMacros", "ComposableSwiftTesting", "CasePaths", "Clocks",
        "ConcurrencyExtras", "CustomDump", "Dependencies", "DependenciesMacros",
        "IdentifiedCollections", "IssueReporting", "Perception", "Sharing", "SwiftNavigation",
        "SwiftUINavigation",
      ], path: "Sources/TCA/ComposableArchitecture"),

    // MARK: - TCA's family, by its module names
    // An app imports `Dependencies` or `IdentifiedCollections` as well as
    // `ComposableArchitecture`: each is a module of that name over Composable, in
    // Sources/TCAFamily. CasePaths declares `@CasePathable`, so it uses the macro plugin.
    .target(
      name: "CasePaths", dependencies: ["Composable", "ComposableMacros"],
      path: "Sources/TCA/Family/CasePaths"),
    .target(name: "Clocks", dependencies: ["Composable"], path: "Sources/TCA/Family/Clocks"),
    .target(
      name: "ConcurrencyExtras", dependencies: ["Composable"],
      path: "Sources/TCA/Family/ConcurrencyExtras"),
    .target(
      name: "CustomDump", dependencies: ["Composable"], path: "Sources/TCA/Family/CustomDump"),
    .target(
      name: "Dependencies",
      dependencies: ["Composable", "Clocks", "ConcurrencyExtras", "IssueReporting"],
      path: "Sources/TCA/Family/Dependencies"),
    .target(
      name: "DependenciesMacros", dependencies: ["Dependencies", "ComposableMacros"],
      path: "Sources/TCA/Family/DependenciesMacros"),
    .target(
      name: "IdentifiedCollections", dependencies: ["Composable"],
      path: "Sources/TCA/Family/IdentifiedCollections"),
    .target(
      name: "IssueReporting", dependencies: ["Composable"],
      path: "Sources/TCA/Family/IssueReporting"
    ),
    .target(name: "Sharing", dependencies: ["Composable"], path: "Sources/TCA/Family/Sharing"),
    // swift-perception's names, over Observation, which Linux has everywhere.
    .target(
      name: "Perception", dependencies: ["Composable"], path: "Sources/TCA/Family/Perception"),
    // swift-tagged's `Tagged`, which TCA's examples use for ids; it stands alone.
    .target(name: "Tagged", path: "Sources/TCA/Family/Tagged"),
    .target(
      name: "SwiftNavigation", dependencies: ["Composable"],
      path: "Sources/TCA/Family/SwiftNavigation"),
    // swift-navigation's SwiftUI part (`bind`, `Binding(unwrapping:)`), over the headless views;
    // ComposableArchitecture re-exports it, as TCA does.
    .target(
      name: "SwiftUINavigation", dependencies: ["SwiftNavigation", "HeadlessUICore"],
      path: "Sources/TCA/Family/SwiftUINavigation"),

    // MARK: - The seeds' case studies
    // The seeds' text, whose types are internal: built with testability in every configuration so
    // that navd's own hosts, views, benchmark and tests reach them (`@testable import`).
    .target(
      name: "CaseStudies", dependencies: ["Composable"], path: "Sources/CaseStudies/CaseStudies",
      swiftSettings: [.unsafeFlags(["-enable-testing"])] + crossModuleOptimization),
    // The macro-era seeds (001, 003), with TCA's own import line: internal too, built the same.
    .target(
      name: "ModernCaseStudies", dependencies: ["ComposableArchitecture"],
      path: "Sources/CaseStudies/ModernCaseStudies",
      swiftSettings: [.unsafeFlags(["-enable-testing"])] + crossModuleOptimization),

    // MARK: - Headless screens: a view vocabulary close to SwiftUI's, and the case studies' views
    .target(
      name: "HeadlessUICore", dependencies: ["Composable"], path: "Sources/Screens/HeadlessUICore",
      swiftSettings: crossModuleOptimization),
    // What an app's views import in place of SwiftUI: HeadlessUICore, `#Preview` (a macro, so
    // apart from the core, which the fuzz harnesses build with sanitizers a plugin cannot take)
    // and Foundation.
    .target(
      name: "HeadlessUI", dependencies: ["HeadlessUICore", "ComposableMacros"],
      path: "Sources/Screens/HeadlessUI"),
    // The seeds' views, verbatim and so internal: built with testability like the features.
    .target(
      name: "CaseStudyViews", dependencies: ["HeadlessUI", "CaseStudies"],
      path: "Sources/CaseStudies/CaseStudyViews",
      swiftSettings: [.unsafeFlags(["-enable-testing"])] + crossModuleOptimization),
    // The macro-era seeds' views, in seed 001's and 003's syntax (`@Bindable`, `$store.scope`):
    // internal as the seeds write them, so built with testability like the features.
    .target(
      name: "ModernCaseStudyViews",
      dependencies: ["HeadlessUI", "ModernCaseStudies", "ComposableArchitecture"],
      path: "Sources/CaseStudies/ModernCaseStudyViews",
      swiftSettings: [.unsafeFlags(["-enable-testing"])] + crossModuleOptimization),

    // MARK: - The hosting layer: features launched for anyone, with no Lua
    .target(
      name: "NavHosting",
      dependencies: ["Composable", "NavSync", "NavValue", "HeadlessUICore"],
      path: "Sources/Hosting/NavHosting",
      swiftSettings: crossModuleOptimization),

    // MARK: - Lua 5.4 (Debian's liblua5.4-dev) and the Lua layer
    .systemLibrary(
      name: "CLua", path: "Sources/C/CLua", pkgConfig: "lua5.4",
      providers: [.apt(["liblua5.4-dev"])]),
    .target(name: "CLuaShim", dependencies: ["CLua"], path: "Sources/C/CLuaShim"),
    .target(
      name: "LuaBridge", dependencies: ["CLua", "CLuaShim", "NavValue"],
      path: "Sources/Scripting/LuaBridge",
      swiftSettings: crossModuleOptimization),
    .target(
      name: "NavScript",
      dependencies: [
        "NavHosting", "Composable", "NavSync", "NavValue", "LuaBridge", "HeadlessUICore",
      ],
      path: "Sources/Scripting/NavScript",
      swiftSettings: crossModuleOptimization),

    // MARK: - The control channel: its protocol, and the transport it runs on

    // JSON-RPC 2.0 over JSON text, and JSON Patch (toolchain only).
    .target(
      name: "NavProtocol", path: "Sources/Daemon/NavProtocol",
      swiftSettings: crossModuleOptimization),
    // The event loop, connections, the Unix listener, line framing, the one syscall wrapper and
    // the clocks: sockets, knowing nothing of sessions, JSON-RPC or Lua (CNavSys: the Linux
    // calls Glibc lacks).
    .target(name: "CNavSys", path: "Sources/C/CNavSys"),
    .target(
      name: "NavTransport", dependencies: ["CNavSys", "NavSync"],
      path: "Sources/Daemon/NavTransport",
      swiftSettings: crossModuleOptimization),

    // MARK: - The daemon: sessions, clients, methods, persistence, systemd
    .target(
      name: "NavServer",
      dependencies: [
        "CNavSys", "NavSync", "NavTransport", "NavProtocol", "NavValue", "NavHosting", "NavScript",
        "Composable", "HeadlessUICore",
      ], path: "Sources/Daemon/NavServer",
      swiftSettings: crossModuleOptimization),

    // MARK: - The client
    .target(
      name: "NavClient", dependencies: ["NavProtocol", "NavTransport", "CNavSys"],
      path: "Sources/Daemon/NavClient"),
    // libedit (Debian's libedit-dev): line editing and history for `attach`.
    .systemLibrary(
      name: "CEdit", path: "Sources/C/CEdit", pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]),

    // MARK: - The inspector: a session in the browser, served on loopback over libmicrohttpd
    .systemLibrary(
      name: "CMicroHTTPD", path: "Sources/C/CMicroHTTPD", pkgConfig: "libmicrohttpd",
      providers: [.apt(["libmicrohttpd-dev"])]),
    .target(name: "CHTTPShim", dependencies: ["CMicroHTTPD"], path: "Sources/C/CHTTPShim"),
    .target(
      name: "NavInspector",
      dependencies: ["NavClient", "NavProtocol", "NavSync", "CHTTPShim", "CMicroHTTPD"],
      path: "Sources/Inspector/NavInspector",
      resources: [
        .embedInCode("Page/index.html"), .embedInCode("Page/inspector.js"),
        .embedInCode("Page/state-tree.js"), .embedInCode("Page/action-log.js"),
        .embedInCode("Page/screen.js"), .embedInCode("Page/tools.js"),
        .embedInCode("Page/graph.js"),
        .embedInCode("Page/main.js"), .embedInCode("Page/inspector.css"),
      ],
      swiftSettings: crossModuleOptimization),

    // MARK: - NavKit: a host program over an app's features (serve, test, features, remote)
    .target(
      name: "NavKit",
      dependencies: [
        "NavServer", "NavHosting", "NavScript", "NavProtocol", "NavValue", "NavClient",
        "NavInspector", "CEdit",
        "Composable",
        "HeadlessUICore",
      ], path: "Sources/Tools/NavKit",
      swiftSettings: crossModuleOptimization),
    // The case studies as NavKit features: what navd and navctl host.
    .target(
      name: "ScriptedCaseStudies",
      dependencies: [
        "NavKit", "NavHosting", "CaseStudies", "ModernCaseStudies", "CaseStudyViews", "Composable",
        "ModernCaseStudyViews",
      ], path: "Sources/CaseStudies/ScriptedCaseStudies",
      swiftSettings: crossModuleOptimization),

    // MARK: - Executables
    .executableTarget(
      name: "navctl", dependencies: ["NavKit", "ScriptedCaseStudies"], path: "Sources/Tools/navctl"),
    .executableTarget(
      name: "navd", dependencies: ["NavKit", "ScriptedCaseStudies"], path: "Sources/Tools/navd"),
    .executableTarget(
      name: "navbench",
      dependencies: [
        "ComposableArchitecture", "Composable", "CaseStudies", "NavHosting", "NavScript",
        "LuaBridge", "CLua",
        "NavServer", "NavProtocol", "NavTransport",
        "ScriptedCaseStudies", "CNavSys", "HeadlessUICore", "CaseStudyViews", "NavInspector",
      ], path: "Sources/Tools/navbench"),

    // MARK: - Tests
    .testTarget(
      name: "ComposableTests",
      dependencies: ["Composable", "ComposableTesting", "ComposableArchitecture"],
      path: "Tests/TCA/ComposableTests"),
    .testTarget(
      name: "ComposableTestingTests", dependencies: ["ComposableTesting"],
      path: "Tests/TCA/ComposableTestingTests"),
    .testTarget(
      name: "CaseStudiesTests",
      dependencies: ["CaseStudies", "CaseStudyViews", "ComposableTesting"],
      path: "Tests/CaseStudies/CaseStudiesTests"),
    // With LuaBridge: values also round-trip through a real Lua state.
    .testTarget(
      name: "NavValueTests", dependencies: ["NavValue", "LuaBridge"],
      path: "Tests/Base/NavValueTests"),
    .testTarget(
      name: "LuaBridgeTests", dependencies: ["LuaBridge", "NavValue", "CLuaShim"],
      path: "Tests/Scripting/LuaBridgeTests"),
    // Without Lua: the hosting layer's own tests import none of it.
    .testTarget(
      name: "NavHostingTests",
      dependencies: [
        "NavHosting", "CaseStudies", "ScriptedCaseStudies", "HeadlessUICore", "Composable",
      ], path: "Tests/Hosting/NavHostingTests"),
    .testTarget(
      name: "NavScriptTests",
      dependencies: [
        "NavScript", "NavHosting", "CaseStudies", "ScriptedCaseStudies", "HeadlessUICore",
        "HeadlessUI",
        "ModernCaseStudies", "ComposableArchitecture",
      ], path: "Tests/Scripting/NavScriptTests"),
    .testTarget(
      name: "NavInspectorTests", dependencies: ["NavInspector"],
      path: "Tests/Inspector/NavInspectorTests"),
    .testTarget(
      name: "NavProtocolTests", dependencies: ["NavProtocol"], path: "Tests/Daemon/NavProtocolTests"
    ),
    .testTarget(
      name: "NavKitTests",
      dependencies: [
        "NavKit", "NavScript", "NavValue", "NavProtocol", "LuaBridge", "Composable",
      ], path: "Tests/Tools/NavKitTests"),
    .testTarget(name: "NavSyncTests", dependencies: ["NavSync"], path: "Tests/Base/NavSyncTests"),
    .testTarget(
      name: "NavTransportTests", dependencies: ["NavTransport", "CNavSys"],
      path: "Tests/Daemon/NavTransportTests"),
    .testTarget(
      name: "HeadlessUICoreTests",
      dependencies: [
        "HeadlessUICore", "HeadlessUI", "CaseStudyViews", "CaseStudies", "ComposableArchitecture",
        "ModernCaseStudies",
        "ModernCaseStudyViews",
      ], path: "Tests/Screens/HeadlessUICoreTests"),
    .testTarget(
      name: "NavServerTests",
      dependencies: [
        "NavServer", "NavClient", "NavProtocol", "NavTransport", "NavValue", "NavScript",
        "LuaBridge",
        "ScriptedCaseStudies",
      ], path: "Tests/Daemon/NavServerTests"),
    // Each file imports one family module alone, with Swift Testing (which brings no
    // Foundation): what that module gives an app's file.
    .testTarget(
      name: "TCAFamilyTests",
      dependencies: [
        "ComposableArchitecture", "CasePaths", "Clocks", "ConcurrencyExtras", "CustomDump",
        "Dependencies", "DependenciesMacros", "IdentifiedCollections", "IssueReporting", "Sharing",
        "SwiftNavigation", "SwiftUINavigation", "Tagged", "Perception", "HeadlessUI",
      ], path: "Tests/TCA/TCAFamilyTests"),
    .testTarget(
      name: "ModernCaseStudiesTests",
      dependencies: ["ModernCaseStudies", "ComposableArchitecture"],
      path: "Tests/CaseStudies/ModernCaseStudiesTests"),
  ],
  swiftLanguageModes: [.v6]
)
