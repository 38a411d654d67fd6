// Helpers shared by the NavScript tests: the case studies as script features, a Lua state with
// the `navd` module, and a temporary directory for scenario files.

@testable import CaseStudies
import Composable
import Foundation
import LuaBridge
import NavValue
import ScriptedCaseStudies
import XCTest

@testable import NavHosting
@testable import NavScript

/// Every feature of `FeatureRegistry` as a `ScriptFeature`, as navctl and navd serve them.
let caseStudyFeatures: [ScriptFeature] = ScriptFeature.caseStudies

/// A Lua state with a `ScriptHost` for the case studies installed as `navd`.
final class ScriptHarness {
  let host: ScriptHost
  let lua: LuaState

  init(features: [ScriptFeature] = caseStudyFeatures) {
    host = ScriptHost(features: features)
    lua = LuaState()
    host.install(in: lua)
  }

  /// Runs `source` as a chunk named `name` and returns its results.
  @discardableResult
  func run(_ source: String, name: String = "scenario.lua") throws(LuaError) -> [DataValue] {
    try lua.run(source, name: name)
  }

  /// Runs `source`, which must fail, and returns the error's message without its traceback.
  func error(
    _ source: String, name: String = "scenario.lua", file: StaticString = #filePath,
    line: UInt = #line
  ) -> String {
    do {
      try lua.run(source, name: name)
      XCTFail("the script did not fail", file: file, line: line)
      return ""
    } catch {
      return error.summary
    }
  }
}

/// Encodes `value` (through Codable or reflection), pushes it into a real Lua state, reads it
/// back and builds it again; asserts the rebuilt value encodes as `value` did (and equals it,
/// when it is `Equatable`) and returns the value as Lua gave it back.
@discardableResult
func luaRoundTrip<T>(
  _ value: T, file: StaticString = #filePath, line: UInt = #line
) throws -> DataValue {
  let lua = LuaState()
  let encoded = try ValueModel.encodeAny(value)
  lua.stack.push(encoded)
  let read = try lua.stack.value(at: -1)
  lua.stack.pop()
  XCTAssertEqual(lua.stack.top, 0, file: file, line: line)
  let decoded = try ValueModel.buildAny(T.self, from: read, what: "value")
  XCTAssertEqual(try ValueModel.encodeAny(decoded), encoded, file: file, line: line)
  if let value = value as? any Equatable {
    func equal<E: Equatable>(_ lhs: E) -> Bool { lhs == decoded as? E }
    XCTAssertTrue(equal(value), "\(decoded) is not \(value)", file: file, line: line)
  }
  return read
}

/// A fresh temporary directory, removed when the test ends.
func temporaryDirectory(_ testCase: XCTestCase) throws -> URL {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("navscript-tests-\(UUID().uuidString)", isDirectory: true)
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  testCase.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
  return url
}
