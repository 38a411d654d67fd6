// Fuzzes `NavServer.StateFile.decode(_:)`, the reader of saved session state, with raw files, with
// bodies under a valid header, and with sessions written by `StateFile.encode`: what decodes
// encodes and decodes back equal, and its state restores into the named case study's State (as
// the daemon does at start) with a sound round trip.

import FuzzKit
import FuzzValues
import NavProtocol
import NavScript
@testable import NavServerMirror
import NavValue

/// The first byte chooses the mode (low two bits):
/// 0, the rest is a whole file; 1, the rest is the JSON body, given a correct header;
/// 2, the rest builds a session (feature, version, a value tree as state) that is encoded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var bytes = FuzzBytes(UnsafeBufferPointer(start: data, count: size))
  let file: [UInt8]
  switch bytes.byte() & 3 {
  case 0: file = Array(bytes.rest)
  case 1: file = withHeader(Array(bytes.rest))
  case 2:
    let saved = session(from: &bytes)
    let encoded: [UInt8]
    do {
      encoded = try StateFile.encode(saved)
    } catch {
      fatalError("fuzz invariant broken: \(saved) does not encode: \(error)")
    }
    let body = Array(encoded[(encoded.firstIndex(of: UInt8(ascii: "\n"))! + 1)...])
    require(
      withHeader(body) == encoded,
      "the header of \(saved) is not navd-state 1 with the body's CRC-32C and length: "
        + String(decoding: encoded.prefix(80), as: UTF8.self))
    do {
      let decoded = try StateFile.decode(encoded)
      require(decoded == saved, "\(saved) is read back as \(decoded)")
    } catch {
      fatalError("fuzz invariant broken: \(saved) does not read back: \(error)")
    }
    file = encoded
  default: file = Array(bytes.rest)
  }
  let saved: SavedSession
  do {
    saved = try StateFile.decode(file)
  } catch {
    explain("not read: \(error)")
    return 0
  }
  checkRoundTrip(saved)
  restore(saved)
  LuaEdge.collectGarbage()
  return 0
}

/// A saved session from the bytes: a case study (or another name), a version, a value tree.
func session(from bytes: inout FuzzBytes) -> SavedSession {
  let choice = Int(bytes.byte())
  let feature =
    choice < CaseStudyTypes.all.count * 32
    ? CaseStudyTypes.all[choice % CaseStudyTypes.all.count].name
    : String(decoding: bytes.take(Int(bytes.byte() % 16)), as: UTF8.self)
  let name = String(decoding: bytes.take(Int(bytes.byte() % 16)), as: UTF8.self)
  // The file keeps the version as a JSON integer: versions beyond Int are out of its range.
  let version = bytes.integer(UInt64.self) & UInt64(Int.max)
  let state = JSONValue(ValueProgram.value(from: &bytes))
  return SavedSession(name: name, feature: feature, version: version, state: state)
}

/// What decodes, encoded again, decodes equal.
func checkRoundTrip(_ saved: SavedSession) {
  do {
    let again = try StateFile.decode(try StateFile.encode(saved))
    require(again == saved, "\(saved) is read back as \(again)")
  } catch {
    fatalError(
      "fuzz invariant broken: \(saved), read from a file, does not encode and read back: \(error)")
  }
}

/// The state as the daemon restores it: in the value model, decoded as the feature's State
/// (every case study's when the feature is none of them).
func restore(_ saved: SavedSession) {
  let state = DataValue(saved.state)
  if let entry = CaseStudyTypes.named(saved.feature) {
    let decoded = RoundTrip.checkFeature(entry, state, stackElementIDs: true)
    explain("\(saved.name) restores as \(decoded) type(s) of \(saved.feature)")
  } else {
    let decoded = RoundTrip.checkEveryType(state, stackElementIDs: true)
    explain("\(saved.name) of unknown feature \(saved.feature) decodes as \(decoded) type(s)")
  }
}

/// `body` with the header StateFile writes: `navd-state 1 crc32c=XXXXXXXX length=N`.
func withHeader(_ body: [UInt8]) -> [UInt8] {
  let checksum = String(crc32c(body), radix: 16)
  let padded = String(repeating: "0", count: 8 - checksum.count) + checksum
  return Array("navd-state 1 crc32c=\(padded) length=\(body.count)\n".utf8) + body
}

/// CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), computed bit by bit: this harness's
/// own, so the file format is checked against the specification rather than against itself.
func crc32c(_ bytes: [UInt8]) -> UInt32 {
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in bytes {
    crc ^= UInt32(byte)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
  }
  return crc ^ 0xFFFF_FFFF
}

/// Seeds: the case studies' states (`CaseStudySamples`) as StateFile writes them, as files and
/// as bodies, and a navigation session with three screens pushed as a session to encode.
func seeds() throws -> [(name: String, bytes: [UInt8])] {
  var seeds: [(name: String, bytes: [UInt8])] = []
  for (index, sample) in try CaseStudySamples.states().enumerated() {
    let name = String(sample.name.dropFirst("state-".count))
    let saved = SavedSession(
      name: name, feature: sample.feature, version: UInt64(index + 1),
      state: JSONValue(sample.value))
    let file = try StateFile.encode(saved)
    seeds.append(("file-\(name)", [0] + file))
    seeds.append(("body-\(name)", [1] + file[(file.firstIndex(of: UInt8(ascii: "\n"))! + 1)...]))
  }
  var writer = FuzzBytesWriter()
  writer.byte(2)
  writer.byte(UInt8(CaseStudyTypes.all.firstIndex { $0.name == "navigation" }!))
  writer.byte(3)
  writer.append("nav".utf8)
  writer.integer(UInt64(12))
  writer.append(
    try ValueProgram.program(for: ValueModel.encodeAny(CaseStudySamples.navigationStack())))
  seeds.append(("session-navigation-stack", writer.bytes))
  return seeds
}

runLibFuzzer(fuzz, seeds: seeds)
