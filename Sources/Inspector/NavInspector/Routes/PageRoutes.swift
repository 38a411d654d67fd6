// PageRoutes: the page itself — its HTML, scripts and style, served from the binary.

extension Inspector {
  /// The page's files: `/` is its HTML; each script and the style at its own name.
  static let pageRoutes: [Route] =
    [
      .get("/") { _, _ in page },
      .get("/index.html") { _, _ in page },
    ]
    + InspectorPage.files.map { file in
      .get("/" + file.name) { _, _ in .text(file.text, contentType: file.contentType) }
    }

  /// The HTML, under its content security policy.
  private static var page: HTTPResponse {
    .text(InspectorPage.html, contentType: "text/html; charset=utf-8")
      .adding("Content-Security-Policy", InspectorPage.contentSecurityPolicy)
  }
}
