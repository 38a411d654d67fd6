// Route: one path the inspector serves, with its method and its handler; the table of them is
// the inspector's whole HTTP surface.

/// One request the inspector answers: a method, a path, and what answers it.
struct Route: Sendable {
  /// `GET` or `POST`.
  var method: String
  /// The path, without the query.
  var path: String
  /// Answers the request, once the guard let it through.
  var answer: @Sendable (Inspector, HTTPRequest) -> HTTPResponse

  /// A `GET` of `path`.
  static func get(
    _ path: String, _ answer: @escaping @Sendable (Inspector, HTTPRequest) -> HTTPResponse
  ) -> Route {
    Route(method: "GET", path: path, answer: answer)
  }

  /// A `POST` of `path`: a change (the guard wants the page's own `Origin`, and refuses it
  /// `--read-only`).
  static func post(
    _ path: String, _ answer: @escaping @Sendable (Inspector, HTTPRequest) -> HTTPResponse
  ) -> Route {
    Route(method: "POST", path: path, answer: answer)
  }
}

extension Inspector {
  /// Every route: the page, what it reads, and what it changes.
  static let routes: [Route] = pageRoutes + readRoutes + changeRoutes + graphRoutes

  /// The routes by path, then by method.
  static let routeTable: [String: [String: Route]] = Dictionary(
    grouping: routes, by: \.path
  ).mapValues { Dictionary(uniqueKeysWithValues: $0.map { ($0.method, $0) }) }

  /// The route that answers `request`, or the refusal: 404 for a path not served, 405 for a
  /// method the path does not take.
  static func resolve(_ request: HTTPRequest) -> Result<Route, RouteRefusal> {
    guard let methods = routeTable[request.path] else {
      return .failure(RouteRefusal(status: 404, reason: "no \(request.path) here"))
    }
    guard let route = methods[request.method] else {
      return .failure(
        RouteRefusal(
          status: 405,
          reason: "\(request.method) \(request.path) is not allowed (only "
            + methods.keys.sorted().joined(separator: ", ") + ")"))
    }
    return .success(route)
  }
}

/// Why no route answers a request.
struct RouteRefusal: Error {
  var status: Int
  var reason: String
}
