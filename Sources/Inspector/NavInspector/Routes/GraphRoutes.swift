// GraphRoutes: the explorer's screen graph of the session's feature, and a click on one of its
// screens replayed into a scratch session.

import Foundation
import NavClient
import NavProtocol

/// The screen graphs the inspector drew, by feature, each drawn once (two pages asking at once
/// wait for the one walk).
final class GraphCache: @unchecked Sendable {
  private let lock = NSLock()
  private var pictures: [String: ScreenGraphPicture] = [:]
  private let walking = NSLock()

  /// The picture of `feature`, drawn with `make` the first time.
  func picture(of feature: String, _ make: (String) throws -> ScreenGraphPicture) throws
    -> ScreenGraphPicture
  {
    walking.lock()
    defer { walking.unlock() }
    if let known = lock.withLock({ pictures[feature] }) { return known }
    let made = try make(feature)
    lock.withLock { pictures[feature] = made }
    return made
  }

  /// The picture of `feature`, when it was drawn.
  func known(_ feature: String) -> ScreenGraphPicture? { lock.withLock { pictures[feature] } }
}

extension Inspector {
  /// The graph routes: `GET /api/graph` and `POST /api/reach`.
  static let graphRoutes: [Route] = [
    .get("/api/graph") { inspector, request in inspector.graph(request) },
    .post("/api/reach") { inspector, request in inspector.reach(request) },
  ]

  /// `/api/graph`: the session's feature walked by the explorer (the first time; then from the
  /// cache): `{feature, svg, routes, summary}`.
  private func graph(_ request: HTTPRequest) -> HTTPResponse {
    guard let maker = graphMaker else {
      return .refusal(501, "this inspector's host cannot walk its features")
    }
    do throws(RemoteError) {
      let feature = try feature(of: session(of: request))
      do {
        let picture = try graphs.picture(of: feature, maker)
        return json(
          .object([
            "feature": .string(feature), "svg": .string(picture.svg), "routes": picture.routes,
            "summary": .string(picture.summary),
          ]))
      } catch {
        return .refusal(500, "the explorer could not walk \(feature): \(error)")
      }
    } catch {
      return failure(error)
    }
  }

  /// `/api/reach {node}`: a scratch session of the session's feature, launched afresh, taken
  /// along the graph's shortest route to the place `node`; answers `{session, title, steps}`.
  private func reach(_ request: HTTPRequest) -> HTTPResponse {
    switch body(request, keys: ["node"]) {
    case .failure(let refusal): return .refusal(refusal.status, refusal.reason)
    case .success(let fields):
      guard let node = fields["node"]?.stringValue else {
        return .refusal(400, "node names a place of the graph: p0, p1, …")
      }
      let session = fields["session"]?.stringValue ?? self.session
      do throws(RemoteError) {
        let feature = try feature(of: session)
        guard let picture = graphs.known(feature) else {
          return .refusal(409, "draw the graph first (GET /api/graph)")
        }
        guard
          let route = picture.routes.arrayValue?.first(where: { $0["node"]?.stringValue == node })
        else {
          return .refusal(404, "the graph of \(feature) has no place \(node)")
        }
        let scratch = "\(session)~reach-\(node)"
        _ = try? navd("session.close", ["name": .string(scratch)])
        _ = try navd("session.open", ["name": .string(scratch), "feature": .string(feature)])
        let steps = route["steps"]?.arrayValue ?? []
        for (index, step) in steps.enumerated() {
          do throws(RemoteError) {
            try take(step, on: scratch)
          } catch {
            return .refusal(
              422,
              "step \(index + 1) of the route to \(node) failed: "
                + (step["description"]?.stringValue ?? "?") + ": \(error)")
          }
        }
        return json(
          .object([
            "session": .string(scratch), "title": route["title"] ?? .null,
            "steps": .integer(steps.count), "node": .string(node),
          ]))
      } catch {
        return failure(error)
      }
    }
  }

  /// Takes one step of a route on `session`, as the control channel takes it.
  private func take(_ step: JSONValue, on session: String) throws(RemoteError) {
    var params: JSONObject = ["session": .string(session)]
    switch step["use"]?.stringValue {
    case "tap":
      params["label"] = step["label"] ?? .null
      if let index = step["index"] { params["index"] = index }
      _ = try navd("screen.tap", params)
    case "type":
      params["field"] = step["label"] ?? .null
      params["text"] = step["text"] ?? .null
      _ = try navd("screen.type", params)
    case "back":
      _ = try navd("screen.back", params)
    case let other:
      throw RemoteError.protocolError(
        "the page cannot take a step of kind \(other ?? "?"): replay the route with the "
          + "explorer's repro instead")
    }
  }
}
