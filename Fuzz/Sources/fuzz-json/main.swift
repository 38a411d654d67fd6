// Fuzzes `NavProtocol.JSONParser` with the input as JSON text: what parses must write and parse
// back equal, the depth limit must hold, and the JSON-RPC and JSON Patch layers built on the
// parsed value must not trap and must round-trip too.

import FuzzKit
import NavProtocol

/// The test: parses the input and checks what parses (see the header).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = UnsafeBufferPointer(start: data, count: size)
  let value: JSONValue
  do {
    value = try JSONParser().parse(input)
  } catch {
    require(
      error.offset >= 0 && error.offset <= size,
      "parse error offset \(error.offset) outside the \(size)-byte input: \(error)")
    return 0
  }
  checkWriting(value)
  checkDepth(value, input: input)
  checkRPC(value)
  checkPatch(value)
  return 0
}

/// Written compactly (and sorted), the value is one line that parses back equal, and writing
/// that gives the same bytes.
func checkWriting(_ value: JSONValue) {
  let written: [UInt8]
  do {
    written = try JSONWriter().bytes(value)
  } catch {
    fatalError("fuzz invariant broken: a parsed value does not write: \(error)")
  }
  require(!written.contains(UInt8(ascii: "\n")), "written JSON holds a newline: \(value)")
  let text = String(decoding: written, as: UTF8.self)
  guard let again = try? JSONParser().parse(written) else {
    fatalError("fuzz invariant broken: written JSON does not parse: \(text)")
  }
  require(again == value, "\(text) parses as a different value: \(value) became \(again)")
  require(
    (try? JSONWriter().bytes(again)) == written, "writing \(text) again gives other bytes")
  let sorted = try? JSONWriter(sortedKeys: true).bytes(value)
  require(
    sorted.flatMap { try? JSONParser().parse($0) } == value,
    "JSON written with sorted keys does not parse back: \(text)")
}

/// The deepest nesting of arrays and objects in JSON text, as `JSONParser.maximumDepth` counts
/// it (`[[1]]` has depth 2): the text's, not the value's, as a repeated key's earlier value is
/// parsed (and counts) before the last one replaces it.
func depth(of text: UnsafeBufferPointer<UInt8>) -> Int {
  var (depth, deepest, inString, escaped) = (0, 0, false, false)
  for byte in text {
    if inString {
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        inString = false
      }
      continue
    }
    switch byte {
    case UInt8(ascii: "\""): inString = true
    case UInt8(ascii: "["), UInt8(ascii: "{"):
      depth += 1
      deepest = max(deepest, depth)
    case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
    default: break
    }
  }
  return deepest
}

/// A parser allows exactly its `maximumDepth`: the text's own depth, but not one less.
func checkDepth(_ value: JSONValue, input: UnsafeBufferPointer<UInt8>) {
  let needed = depth(of: input)
  guard needed > 0 else { return }
  require(
    (try? JSONParser(maximumDepth: needed).parse(input)) == value,
    "JSON text of depth \(needed) is refused by a parser that allows \(needed)")
  require(
    (try? JSONParser(maximumDepth: needed - 1).parse(input)) == nil,
    "JSON text of depth \(needed) is accepted by a parser that allows \(needed - 1)")
}

/// Each call read from the value, request or error, writes as JSON that reads back as itself.
func checkRPC(_ value: JSONValue) {
  for call in RPCIncoming(json: value).calls {
    switch call {
    case .request(let request):
      require(
        (try? RPCRequest(json: request.json)) == request,
        "request \(request) does not read back from its JSON")
      let line = try? request.encoded()
      require(
        line.flatMap { try? JSONParser().parse($0) } == request.json,
        "request \(request) does not encode as its JSON")
    case .invalid(let response):
      let line = try? response.encoded()
      let json = line.flatMap { try? JSONParser().parse($0) }
      require(json == response.json, "error response \(response) does not encode as its JSON")
      require(
        json.flatMap { try? RPCResponse(json: $0) } == response,
        "error response \(response) does not read back from its JSON")
    }
  }
}

/// For a two-element array `[a, b]`, checks JSON Patch: the diff from `a` makes `b` of `a`.
///
/// Its operations must read back from their JSON; and when `b` is an array of operations,
/// applying them to `a` must not trap.
func checkPatch(_ value: JSONValue) {
  guard case .array(let pair) = value, pair.count == 2 else { return }
  let (from, to) = (pair[0], pair[1])
  let patch = JSONPatch.diff(from: from, to: to)
  require(
    (try? JSONPatch.apply(patch, to: from)) == to,
    "the patch \(patch) from \(from) does not give \(to)")
  for operation in patch {
    require(
      (try? JSONPatchOperation(json: operation.json)) == operation,
      "patch operation \(operation) does not read back from its JSON")
  }
  if case .array(let elements) = to {
    let operations = elements.compactMap { try? JSONPatchOperation(json: $0) }
    _ = try? JSONPatch.apply(operations, to: from)
  }
}

runLibFuzzer(fuzz)
