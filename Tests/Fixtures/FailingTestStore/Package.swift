// swift-tools-version: 6.0
// A fixture that must fail: a wrong expectation in a plain XCTestCase and in a plain @Test,
// written as a TCA user writes them, with only `import ComposableArchitecture`. scripts/test
// runs it and checks both tests fail with TCA's message and line diff.
import PackageDescription

let package = Package(
  name: "FailingTestStore",
  dependencies: [
    .package(name: "navd", path: "../../..")
  ],
  targets: [
    .target(
      name: "Counter",
      dependencies: [.product(name: "ComposableArchitecture", package: "navd")]
    ),
    .testTarget(
      name: "CounterTests",
      dependencies: ["Counter", .product(name: "ComposableArchitecture", package: "navd")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
