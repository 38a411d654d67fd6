// Fuzzes `NavServer.StoreSendLine`'s byte scanner with the input as a request line: what it
// recognizes must be the request the general JSON path reads from the same line, the requests
// the general path writes must be recognized, and `writeResponse` must write the JSON-RPC
// response the general path writes, for any id and version.

import FuzzKit
import NavProtocol
@testable import NavServerMirror

/// The test: scans the input as a line and checks the scanner against the general path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let line = UnsafeBufferPointer(start: data, count: size)
  let scanned = StoreSendLine(scanning: line, reusingAction: nil)
  let json = try? JSONParser().parse(line)
  if let scanned {
    checkAgainstGeneralPath(scanned, json: json, line: line)
    checkReuse(scanned, line: line)
    checkResponse(id: scanned.id, version: checksum(line))
  } else if let json {
    checkCanonicalForm(json)
  }
  // Any id, not only a scanned one: a string of any text, an integer of any size.
  checkResponse(id: .string(String(decoding: line, as: UTF8.self)), version: checksum(line))
  var bytes = FuzzBytes(line)
  checkResponse(id: .integer(bytes.integer(Int.self)), version: bytes.integer(UInt64.self))
  return 0
}

/// The text of `line`, for messages.
func text(_ line: UnsafeBufferPointer<UInt8>) -> String { String(decoding: line, as: UTF8.self) }

/// What the scanner recognizes is a valid JSON `store.send` request with the same id, action and
/// session, and nothing else.
func checkAgainstGeneralPath(
  _ scanned: StoreSendLine, json: JSONValue?, line: UnsafeBufferPointer<UInt8>
) {
  guard let json else {
    fatalError(
      "fuzz invariant broken: the scanner reads \(scanned) from invalid JSON: \(text(line))")
  }
  guard case .single(.request(let request)) = RPCIncoming(json: json) else {
    fatalError(
      "fuzz invariant broken: the scanner reads \(scanned) from a line that is not one request: \(text(line))"
    )
  }
  require(
    request.method == "store.send", "the scanner reads \(scanned) from \(request.method)")
  require(
    request.id == scanned.id,
    "the scanner reads id \(scanned.id) where JSON says \(String(describing: request.id)): "
      + text(line))
  require(
    json.objectValue?.count == 4, "the scanner accepts members beyond the four: \(text(line))")
  let params = request.params?.objectValue
  require(
    params?["action"] == .string(scanned.action),
    "the scanner reads action \(scanned.action) where JSON says \(String(describing: params)): "
      + text(line))
  require(
    params?["session"] == scanned.session.map(JSONValue.string),
    "the scanner reads session \(String(describing: scanned.session)) where JSON says "
      + "\(String(describing: params)): \(text(line))")
  require(
    params?.count == (scanned.session == nil ? 1 : 2),
    "the scanner accepts params beyond action and session: \(text(line))")
}

/// Scanning again with the action as the previous one, or with another, reads the same request.
func checkReuse(_ scanned: StoreSendLine, line: UnsafeBufferPointer<UInt8>) {
  for previous in [scanned.action, scanned.action + "x", String(scanned.action.dropLast()), ""] {
    let again = StoreSendLine(scanning: line, reusingAction: previous)
    require(
      again == scanned,
      "scanning with previous action \(previous) reads \(String(describing: again)), not "
        + "\(scanned): \(text(line))")
  }
}

/// Whether `string` is what the scanner takes as a plain string: printable ASCII, no quote or
/// backslash (which the writer would escape).
func isPlain(_ string: String) -> Bool {
  string.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != 0x5C }
}

/// A `store.send` request of the common shape, written compactly by the general path (as
/// clients write it), is recognized by the scanner as the same request.
func checkCanonicalForm(_ json: JSONValue) {
  guard case .single(.request(let request)) = RPCIncoming(json: json),
    request.method == "store.send", let id = request.id,
    let params = request.params?.objectValue, case .string(let action)? = params["action"],
    isPlain(action), params.count == 1 || params.count == 2
  else { return }
  var session: String?
  if params.count == 2 {
    guard case .string(let name)? = params["session"], isPlain(name) else { return }
    session = name
  }
  switch id {
  case .integer(let integer) where integer.magnitude < 1_000_000_000_000_000_000: break
  case .string(let string) where isPlain(string): break
  default: return
  }
  guard let written = try? request.encoded() else { return }
  let scanned = StoreSendLine(scanning: written)
  let expected = StoreSendLine(id: id, action: action, session: session)
  require(
    scanned == expected,
    "the scanner reads \(String(describing: scanned)) from the general path's "
      + "\(String(decoding: written, as: UTF8.self)), not \(expected)")
}

/// The scanner's response bytes are one line, the same the general path writes.
func checkResponse(id: RPCID, version: UInt64) {
  let line = StoreSendLine.response(id: id, version: version)
  var appended: [UInt8] = [1, 2, 3]
  StoreSendLine.writeResponse(id: id, version: version, into: &appended)
  require(appended[3...].elementsEqual(line), "writeResponse appends other bytes than response")
  require(
    line.last == UInt8(ascii: "\n") && line.dropLast().allSatisfy { $0 != UInt8(ascii: "\n") },
    "the response to \(id) is not one line: \(String(decoding: line, as: UTF8.self))")
  let parsed = (try? JSONParser().parse(line.dropLast())).flatMap { try? RPCResponse(json: $0) }
  require(
    parsed?.id == id,
    "the response to \(id) at version \(version) does not read back with its id: "
      + String(decoding: line, as: UTF8.self))
  guard version <= UInt64(Int.max) else {
    // Beyond Int the general path has no integer to write; the digits must still read as the
    // version's value.
    require(
      parsed?.result?["version"]?.doubleValue == Double(version),
      "the response at version \(version) does not read back with it: "
        + String(decoding: line, as: UTF8.self))
    return
  }
  let general = try? RPCResponse(id: id, result: ["version": .integer(Int(version))]).encoded()
  require(
    general.map { $0 + [UInt8(ascii: "\n")] } == line,
    "the response to \(id) at version \(version) is "
      + "\(String(decoding: line, as: UTF8.self)), the general path writes "
      + "\(general.map { String(decoding: $0, as: UTF8.self) } ?? "nothing")")
  require(
    parsed?.result == ["version": .integer(Int(version))],
    "the response at version \(version) does not read back with it: "
      + String(decoding: line, as: UTF8.self))
}

/// A 64-bit FNV-1a hash of `line`: a version that varies with the input.
func checksum(_ line: UnsafeBufferPointer<UInt8>) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in line { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
  return hash
}

runLibFuzzer(fuzz)
