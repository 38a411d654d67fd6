// InspectorPage: the page the inspector serves — plain HTML, CSS and JavaScript in Page/,
// compiled into the binary (no npm, nothing fetched).

/// The inspector's page, as the package embeds it.
enum InspectorPage {
  /// One file the page loads besides its HTML.
  struct File: Sendable {
    /// Its name, which is its path on the server.
    var name: String
    var text: String
    var contentType: String
  }

  /// The page.
  static let html = String(decoding: PackageResources.index_html, as: UTF8.self)

  /// The page's scripts, in the order it loads them, and its style.
  static let files: [File] = [
    script("inspector.js", PackageResources.inspector_js),
    script("state-tree.js", PackageResources.state_tree_js),
    script("action-log.js", PackageResources.action_log_js),
    script("screen.js", PackageResources.screen_js),
    script("tools.js", PackageResources.tools_js),
    script("graph.js", PackageResources.graph_js),
    script("main.js", PackageResources.main_js),
    File(
      name: "inspector.css", text: String(decoding: PackageResources.inspector_css, as: UTF8.self),
      contentType: "text/css; charset=utf-8"),
  ]

  private static func script(_ name: String, _ bytes: [UInt8]) -> File {
    File(
      name: name, text: String(decoding: bytes, as: UTF8.self),
      contentType: "text/javascript; charset=utf-8")
  }

  /// What the page may load and run: only what the inspector serves, and no inline script.
  static let contentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    + "img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
}
