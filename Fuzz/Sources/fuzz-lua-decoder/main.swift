// Fuzzes `NavValue.ValueDecoder` and LuaBridge's conversion of Lua tables: decodes a value tree
// built from the input (see `ValueProgram`) into every case study's State and Action and into
// sample types, checks that whatever decodes encodes with `ValueEncoder`, decodes back to an
// equal value and survives a trip through Lua, and runs the tree as a Lua constructor (keys of
// any kind) to check that Lua reads it as the documented rules say.

import FuzzKit
import FuzzValues
import NavValue

/// The first byte's low bit sets `stackElementIDs`, as navd's Lua layer does; the rest is the
/// value tree's program.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var bytes = FuzzBytes(UnsafeBufferPointer(start: data, count: size))
  let stackElementIDs = bytes.byte() & 1 == 1
  let tree = ValueProgram.tree(from: &bytes)
  let value = tree.value
  let decoded = RoundTrip.checkEveryType(value, stackElementIDs: stackElementIDs)
  explain("\(value) decodes as \(decoded) type(s)")
  // Into Lua as a script gets a value, and as Lua source with its keys of every kind.
  LuaEdge.checkPushed(value, "the tree")
  let read = LuaEdge.checkConstructor(tree)
  explain("\(tree.lua) reads in Lua as \(read)")
  // Reading a value the way error messages do must not fail either.
  _ = value.description
  LuaEdge.collectGarbage()
  return 0
}

/// Seeds: the case studies' states and actions (`CaseStudySamples`), a sample value, and Lua
/// tables keyed by numbers, booleans, strings and tables.
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
  var seeds = try values.map { name, value in
    (name, [1] + (try ValueProgram.program(for: value)))
  }
  let tables: [(name: String, entries: [(key: DataValue, value: DataValue)])] = [
    // A sequence written with keys, one of them the float 2.0: an array.
    ("lua-keys-sequence", [(1, "plain"), (2.0, ["one": "x"]), (3, [])]),
    // Numbers and booleans as keys: fields named by their text.
    ("lua-keys-mixed", [(2.5, true), (true, 1), (-1, "x")]),
    // Keys 1 and 3, not a sequence: an object.
    ("lua-keys-gap", [(1, "a"), (3, "c")]),
    // A table as a key, and two keys naming one field: no value.
    ("lua-keys-table", [(["x": 1], 1), ("y", 2)]),
    ("lua-keys-clash", [(1, "a"), ("1", "b")]),
  ]
  for table in tables {
    seeds.append((table.name, [1] + (try ValueProgram.keyedTableProgram(table.entries))))
  }
  return seeds
}

runLibFuzzer(fuzz, seeds: seeds)
