// swift-tools-version: 6.0
// A team's reading-list app in TCA 1.25's idioms, one module per feature as the team keeps it on
// iOS: a shelf of books kept in a file (`@Shared(.books)`), a catalog search, a book's detail
// with an edit sheet and a delete alert, a timed reading session, and the stack over them. Its
// tests are in Swift Testing and XCTest, and `library-nav` hosts the features for the Lua specs
// in `specs/` (`library-nav test specs/`).
//
// Every target builds with warnings as errors in Swift 6 language mode.
import PackageDescription

func navd(_ product: String) -> Target.Dependency {
  .product(name: product, package: "navd")
}

let package = Package(
  name: "Library",
  products: [
    .executable(name: "library-nav", targets: ["library-nav"])
  ],
  dependencies: [
    .package(name: "navd", path: "../../..")
  ],
  targets: [
    // The book and where the shelf is kept.
    .target(
      name: "Models",
      dependencies: [navd("IdentifiedCollections"), navd("Sharing")],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
    // The clients, with the family's modules a dependency client imports on iOS.
    .target(
      name: "CatalogClient",
      dependencies: ["Models", navd("Dependencies"), navd("DependenciesMacros")],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
    .target(
      name: "NotificationsClient",
      dependencies: [navd("Dependencies"), navd("DependenciesMacros")],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
    // The features.
    .target(
      name: "BookForm",
      dependencies: ["Models", navd("ComposableArchitecture"), navd("HeadlessUI")],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
    .target(
      name: "ReadingSession",
      dependencies: ["Models", navd("ComposableArchitecture"), navd("HeadlessUI")],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
    .target(
      name: "BookDetail",
      dependencies: [
        "BookForm", "Models", "NotificationsClient", navd("ComposableArchitecture"),
        navd("HeadlessUI"),
      ],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
    .target(
      name: "BookList",
      dependencies: [
        "CatalogClient", "Models", navd("ComposableArchitecture"), navd("HeadlessUI"),
      ],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
    // The goals tab: the daily goal, and a row store per book.
    .target(
      name: "Goals",
      dependencies: ["Models", navd("ComposableArchitecture"), navd("HeadlessUI")],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
    .target(
      name: "AppFeature",
      dependencies: [
        "BookDetail", "BookList", "Goals", "Models", "ReadingSession",
        navd("ComposableArchitecture"), navd("HeadlessUI"),
      ],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
    // The host the Lua specs drive.
    .executableTarget(
      name: "library-nav",
      dependencies: [
        "AppFeature", "CatalogClient", "NotificationsClient", navd("ComposableArchitecture"),
        navd("HeadlessUI"), navd("NavKit"),
      ],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
    // The same flows in Swift Testing and in XCTest.
    .testTarget(
      name: "LibraryFeatureTests",
      dependencies: [
        "AppFeature", "BookDetail", "BookForm", "BookList", "CatalogClient", "Models",
        "NotificationsClient", "ReadingSession", navd("ComposableArchitecture"),
      ],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
    .testTarget(
      name: "LibraryFeatureXCTests",
      dependencies: [
        "AppFeature", "BookDetail", "BookList", "CatalogClient", "Models", "ReadingSession",
        navd("ComposableArchitecture"),
      ],
      swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
  ],
  swiftLanguageModes: [.v6]
)
