// Fuzzes `LuaBridge.LuaValueDecoder`: decodes a value tree built from the input (see
// `LuaValueProgram`) into every case study's State and Action and into sample types, and checks
// that whatever decodes encodes with `LuaValueEncoder` and decodes back to an equal value.

import CaseStudies
import FuzzKit
import FuzzValues
import LuaBridge

/// The first byte's low bit sets `stackElementIDs`, as navd's Lua layer does; the rest is the
/// value tree's program.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var bytes = FuzzBytes(UnsafeBufferPointer(start: data, count: size))
  let stackElementIDs = bytes.byte() & 1 == 1
  let value = LuaValueProgram.value(from: &bytes)
  let decoded = RoundTrip.checkEveryType(value, stackElementIDs: stackElementIDs)
  explain("\(value) decodes as \(decoded) type(s)")
  // Reading a value the way error messages do must not fail either.
  _ = value.description
  return 0
}

/// Seeds: the case studies' states and actions (`CaseStudySamples`), and a sample value.
func seeds() throws -> [(name: String, bytes: [UInt8])] {
  var values =
    try CaseStudySamples.states().map { ($0.name, $0.value) } + CaseStudySamples.actions()
  values.append(
    (
      "sample",
      [
        "small": -3, "unsigned": 500, "ratio": 0.25, "real": 1.5, "text": "é", "list": [1, 2],
        "table": ["a": [true]], "choice": ["labeled": ["x": 1, "y": 2.5]],
        "choices": ["plain", ["one": "x"], ["pair": ["_0": 1, "_1": "b"]]], "raw": "beta",
        "set": [3],
      ]
    ))
  return try values.map { name, value in
    (name, [1] + (try LuaValueProgram.program(for: value)))
  }
}

runLibFuzzer(fuzz, seeds: seeds)
