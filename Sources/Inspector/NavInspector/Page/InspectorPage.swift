// InspectorPage: the page the inspector serves — plain HTML, CSS and JavaScript in Page/,
// compiled into the binary (no npm, nothing fetched).

/// The inspector's page, as the package embeds it.
enum InspectorPage {
  /// The page.
  static let html = String(decoding: PackageResources.index_html, as: UTF8.self)
  /// Its script.
  static let script = String(decoding: PackageResources.inspector_js, as: UTF8.self)
  /// Its style.
  static let style = String(decoding: PackageResources.inspector_css, as: UTF8.self)

  /// What the page may load and run: only what the inspector serves, and no inline script.
  static let contentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    + "img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
}
