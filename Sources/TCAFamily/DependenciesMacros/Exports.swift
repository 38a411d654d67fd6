// `import DependenciesMacros`, as apps that declare dependency clients write it.
//
// swift-dependencies' macros module. navd's `@DependencyClient` and `@DependencyEndpoint` are
// not written yet (docs/composable.md, "The family's modules"): the import compiles, and brings
// the `Dependencies` module's names, as the real one does.

@_exported import Dependencies
