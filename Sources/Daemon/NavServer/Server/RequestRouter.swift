// Each line a client sends, parsed and routed to its method, and the replies written.

import CNavSys
import Foundation
import Glibc
import NavProtocol
import NavHosting
import NavTransport
import NavValue
import Synchronization

extension Server {
  /// Handles one line from `client` (on the loop's thread): parses it, then runs its requests on
  /// the client's queue, in order.
  func received(_ line: UnsafeBufferPointer<UInt8>, from client: Client) {
    if let send = StoreSendLine(scanning: line, reusingAction: client.lastAction),
      sendQuickly(send, from: client)
    {
      client.lastAction = send.action
      return
    }
    let incoming = RPCIncoming(parsing: UnsafeRawBufferPointer(line))
    let isBatch: Bool
    if case .batch = incoming { isBatch = true } else { isBatch = false }
    let calls = incoming.calls
    let handle: @Sendable () -> Void = { [self] in
      var responses: [JSONValue] = []
      for call in calls {
        switch call {
        case .invalid(let response):
          responses.append(response.json)
        case .request(let request):
          let outcome = perform(request, for: client)
          if let id = request.id {
            responses.append(RPCResponse(id: id, outcome: outcome).json)
          }
        }
      }
      if !responses.isEmpty { reply(responses, batch: isBatch, to: client) }
      client.runAfterReply()
    }
    // Quick methods of an idle client run right here on the I/O thread: no hop to another
    // thread and back, and the responses to one read go out in one write. Anything that may
    // wait or run a script goes to the client's queue, behind what is already there.
    // With durability `always` a change is saved (an fsync) before it is answered: not on the
    // loop that serves every client and pings the watchdog.
    // So is a change to a session whose last save failed: it is saved again first.
    let savesOnSend = savesBeforeAnswering || persistence?.hasUnsavedSessions == true
    let quick = calls.allSatisfy { call in
      guard case .request(let request) = call else { return true }
      guard Self.quickMethods.contains(request.method) else { return false }
      return !(savesOnSend && Self.changingMethods.contains(request.method))
    }
    if quick, client.isIdle {
      handle()
      return
    }
    client.beginQueued()
    requestsInFlight.enter()
    client.queue.async { [self] in
      handle()
      client.endQueued()
      requestsInFlight.leave()
    }
  }

  /// Whether a change is saved (an fsync) before it is answered: durability `always`.
  var savesBeforeAnswering: Bool {
    // One setting read under the lock: `configuration` copies (and then releases) them all.
    persistence != nil && lock.withLock { _configuration.durability == .always }
  }

  /// Quick methods that change a session's state.
  static let changingMethods: Set<String> = [
    "store.send", "screen.tap", "screen.type", "screen.back",
  ]

  /// Methods that never wait and run no script: safe to run on the I/O thread.
  static let quickMethods: Set<String> = [
    "navd.status", "session.list", "store.send", "store.state", "client.list", "client.setName",
    "subscribe", "unsubscribe", "screen.get", "screen.tap", "screen.type", "screen.back",
  ]

  /// Runs one request's method.
  func perform(_ request: RPCRequest, for client: Client) -> RPCResponse.Outcome {
    guard let method = Self.methods[request.method] else {
      return .error(
        RPCError(
          .methodNotFound,
          message: "no method \"\(request.method)\"; see docs/protocol.md for the methods"))
    }
    // Valid JSON, but no method can take it: say which parameter, rather than a parse error.
    if let (path, text) = request.params?.largeNumberPath {
      return .error(
        RPCError(
          .invalidParams,
          message: "params\(path.isEmpty ? "" : ".\(path)"): the number \(text) is out of range "
            + "(integers must fit in 64 bits, other numbers in a double)"))
    }
    if let refusal = refusalWhileUnsaved(request, for: client) { return .error(refusal) }
    do {
      // What the method sends is the client's, in the sessions' histories.
      let run = { () throws(RPCError) -> JSONValue in
        try HistorySender.with(client: client.id) { () throws(RPCError) in
          try method(self, client, request)
        }
      }
      guard savesBeforeAnswering, Self.savingMethods.contains(request.method) else {
        return .result(try run())
      }
      let (result, failure) = try SaveFailureRecorder.recording(run)
      if let failure {
        return .error(
          RPCError(
            .notSaved,
            message: "the change was made but could not be saved (\(failure)), so it is not "
              + "acknowledged: it is in memory only, and the session takes no other change "
              + "until a save succeeds"))
      }
      return .result(result)
    } catch {
      return .error(error)
    }
  }

  /// Methods that may change a session's state: with durability `always` their changes are
  /// saved before they are answered, and none runs on a session whose last save failed until
  /// a save succeeds.
  static let savingMethods: Set<String> = changingMethods.union(["session.jump", "lua.eval"])

  /// The error for a request that may change a session whose last save failed, when saving it
  /// again fails too; `nil` when the request may go on (the save now succeeded, or the request
  /// changes nothing, or the session is saved).
  private func refusalWhileUnsaved(_ request: RPCRequest, for client: Client) -> RPCError? {
    guard let persistence, persistence.hasUnsavedSessions,
      Self.savingMethods.contains(request.method),
      let session = try? targetSession(request, client: client), session.hasSaveProblem,
      let failure = persistence.saveNow(session)
    else { return nil }
    return RPCError(
      .notSaved,
      message: "session \"\(session.name)\" could not be saved (\(failure)): its changes since "
        + "its last save are in memory only, and it takes no change until a save succeeds")
  }

  func reply(_ responses: [JSONValue], batch: Bool, to client: Client) {
    let value: JSONValue = batch ? .array(responses) : responses[0]
    let bytes: [UInt8]
    do {
      bytes = try JSONWriter().line(value)
    } catch {
      let internalError =
        #"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error"}}"#
      bytes = Array((internalError + "\n").utf8)
    }
    client.connection.send(bytes)
  }

  /// A method: runs on the client's queue and returns the result or throws the error.
  typealias Method = @Sendable (Server, Client, RPCRequest) throws(RPCError) -> JSONValue

  /// Every method, by name.
  static let methods: [String: Method] =
    statusMethods
    .merging(sessionMethods) { first, _ in first }
    .merging(storeMethods) { first, _ in first }
    .merging(luaMethods) { first, _ in first }
    .merging(subscriptionMethods) { first, _ in first }
    .merging(clientMethods) { first, _ in first }
    .merging(screenMethods) { first, _ in first }
}
