// `import ComposableArchitecture`, as TCA code writes it: all of navd's `Composable`, and the
// Swift Testing support that makes a failure inside a plain `@Test` fail it (linked, not
// imported: it registers itself when the binary loads).

@_exported import Composable
