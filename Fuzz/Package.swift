// swift-tools-version: 6.0
// libFuzzer harnesses for navd's parsers and decoders, one executable each; scripts/fuzz builds
// them with `-sanitize=fuzzer,address` and runs them on Corpus/<name>.
import PackageDescription

/// The main package's identity, which SwiftPM takes from its directory's name (lowercased).
let navd = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "main")
  .lowercased()

func navdProduct(_ name: String) -> Target.Dependency { .product(name: name, package: navd) }

/// The main package's name as the compiler's `-package-name` takes it: SwiftPM makes the
/// identity a C99 identifier (`ci-clone` becomes `ci_clone`), and a different name would hide
/// the main package's `package` declarations from the mirrored sources.
let navdPackageName: String = {
  var name = String(navd.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
  if let first = name.first, first.isNumber { name = "_" + name }
  return name
}()

let package = Package(
  name: "navd-fuzz",
  dependencies: [.package(path: "..")],
  targets: [
    // MARK: - What the harnesses share

    // libFuzzer's LLVMFuzzerRunDriver, declared for Swift.
    .target(name: "FuzzDriver"),
    // Running libFuzzer, reading fuzz bytes, failing with a message.
    .target(name: "FuzzKit", dependencies: ["FuzzDriver"]),
    // Value trees from fuzz bytes, the value model's round trip for the case studies' types, and
    // the Lua edge's conversion checked against its rules.
    .target(
      name: "FuzzValues",
      dependencies: [
        "FuzzKit", navdProduct("NavValue"), navdProduct("LuaBridge"), navdProduct("NavScript"),
        navdProduct("CaseStudies"), navdProduct("Composable"),
      ]),

    // MARK: - The harnesses

    .executableTarget(
      name: "fuzz-json", dependencies: ["FuzzKit", navdProduct("NavProtocol")]),
    .executableTarget(
      name: "fuzz-store-send",
      dependencies: ["FuzzKit", "NavServerMirror", navdProduct("NavProtocol")]),
    .executableTarget(
      name: "fuzz-action-path",
      dependencies: [
        "FuzzKit", "FuzzValues", navdProduct("NavScript"), navdProduct("NavValue"),
        navdProduct("LuaBridge"), navdProduct("CaseStudies"),
      ]),
    .executableTarget(
      name: "fuzz-lua-decoder",
      dependencies: [
        "FuzzKit", "FuzzValues", navdProduct("NavValue"),
      ]),
    .executableTarget(
      name: "fuzz-state-file",
      dependencies: [
        "FuzzKit", "FuzzValues", "NavServerMirror", navdProduct("NavProtocol"),
        navdProduct("NavValue"), navdProduct("NavScript"),
      ]),

    // MARK: - The main package's NavServer, which it offers as no product (its StoreSendLine and
    // StateFile are internal: the harnesses import it @testable, scripts/fuzz builds them with
    // -enable-testing)

    // The same sources through a symbolic link (Mirror/), under another target name: SwiftPM
    // refuses two targets of one name in a graph. `import CNavSys` and `import NavSync` find the
    // modules NavTransport's product builds, and `-package-name` gives it the main package's
    // `package` declarations (NavTransport's API is `package`-scoped). Once the main package has
    // a NavServer library product, fuzz-state-file depends on that instead and Mirror/ goes.
    .target(
      name: "NavServerMirror",
      dependencies: [
        navdProduct("NavTransport"), navdProduct("NavProtocol"), navdProduct("NavValue"),
        navdProduct("NavScript"), navdProduct("Composable"), navdProduct("HeadlessUICore"),
      ],
      path: "Mirror/NavServer",
      // NavServer uses the main package's `package` declarations (NavSync's `Protected`,
      // NavTransport's event loop): it is compiled as part of that package, not of this one.
      packageAccess: false,
      swiftSettings: [.unsafeFlags(["-package-name", navdPackageName])]),
  ],
  swiftLanguageModes: [.v6]
)
