// Fuzzes `NavScript.ActionPath.parse(_:payload:)` with the input as an action path (up to a NUL
// byte; value trees after it are the payload): a parsed action is one case named as the path
// begins and holds its payload, and, resolved against stacks by `StackPositions` as `send` does,
// decodes into the case studies' actions with a sound round trip.

@testable import CaseStudies
import FuzzKit
import FuzzValues
import LuaBridge
import NavScript
import NavValue

/// The test: parses the input as a path with payload and checks the action it gives.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var bytes = FuzzBytes(UnsafeBufferPointer(start: data, count: size))
  let path = String(decoding: bytes.take(until: 0), as: UTF8.self)
  var payload: [DataValue] = []
  while !bytes.isAtEnd, payload.count < 3 {
    payload.append(ValueProgram.value(from: &bytes))
  }
  let action: DataValue
  do {
    action = try ActionPath.parse(path, payload: payload)
  } catch {
    explain("\(path) \(payload): \(error)")
    return 0
  }
  checkShape(action, path: path, payload: payload)
  var actions = [action]
  if StackPositions.mentionsPositions(action) {
    actions = StackStates.all.compactMap { try? StackPositions.resolve(action, in: $0) }
  }
  var decoded: [String] = []
  for resolved in actions {
    for entry in CaseStudyTypes.all where entry.checkAction(resolved, true) {
      decoded.append(entry.name)
    }
  }
  explain("\(path) \(payload) is \(actions), an action of: \(decoded)")
  LuaEdge.collectGarbage()
  return 0
}

/// The first case name of `path`, as the parser reads names: after spaces, a letter or `_`, then
/// letters, digits and `_`s.
func firstName(of path: String) -> String {
  var name = ""
  for scalar in path.unicodeScalars.drop(while: { $0 == " " }) {
    let letter = scalar == "_" || (scalar.isASCII && scalar.properties.isAlphabetic)
    guard letter || (!name.isEmpty && ("0"..."9").contains(scalar)) else { break }
    name.unicodeScalars.append(scalar)
  }
  return name
}

/// Whether `value` occurs in `tree`.
func occurs(_ value: DataValue, in tree: DataValue) -> Bool {
  if value == tree { return true }
  switch tree {
  case .array(let elements): return elements.contains { occurs(value, in: $0) }
  case .object(let fields): return fields.values.contains { occurs(value, in: $0) }
  default: return false
  }
}

/// The action is a case name, or an object of one case named as the path begins; every payload
/// value is in it.
func checkShape(_ action: DataValue, path: String, payload: [DataValue]) {
  let name = firstName(of: path)
  switch action {
  case .string(let string):
    require(string == name, "path \(path) parses as \(action), not as its first name \(name)")
  case .object(let fields):
    require(
      fields.count == 1 && fields[name] != nil,
      "path \(path) parses as \(action), not as one case named \(name)")
  default:
    fatalError("fuzz invariant broken: path \(path) parses as \(action), not a case")
  }
  for value in payload where !containsNaN(value) {
    require(
      occurs(value, in: action), "path \(path) parses as \(action), without its payload \(value)")
  }
}

/// States with stacks for positions (`element(-1)`, `@2`) to resolve against: the navigation
/// demo with three screens, alone and opened from the root, and with an empty stack.
enum StackStates {
  static let all: [DataValue] = {
    let stack = CaseStudySamples.navigationStack()
    return [
      try? ValueModel.encodeAny(stack),
      try? ValueModel.encodeAny(AppFeature.State(destination: .navigation(stack))),
      try? ValueModel.encodeAny(NavigationDemo.State()),
    ].compactMap { $0 }
  }()
}

runLibFuzzer(fuzz)
