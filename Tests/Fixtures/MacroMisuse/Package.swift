// swift-tools-version: 6.0
// A fixture that must not build: the macros misused, each with the message it must give.
// scripts/test builds it and checks that the build fails with those messages.
import PackageDescription

let package = Package(
  name: "MacroMisuse",
  dependencies: [
    .package(name: "navd", path: "../../..")
  ],
  targets: [
    .target(
      name: "Misuse",
      dependencies: [.product(name: "ComposableArchitecture", package: "navd")]
    )
  ],
  swiftLanguageModes: [.v6]
)
