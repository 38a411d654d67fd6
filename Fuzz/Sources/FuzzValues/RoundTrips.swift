// What decodes must encode, and decode back to itself: the value model's round trip, checked for
// every case study's State and Action and for the sample types.

import CaseStudies
import Composable
import FuzzKit
import NavValue

/// Decodes value trees into navd's types and checks the round trip of whatever decodes.
public enum RoundTrip {
  /// Decodes `value` as every case study's `State` and `Action` and as the sample types, checking
  /// each that decodes; returns how many did.
  ///
  /// `stackElementIDs` sets `CodingUserInfoKey.stackElementIDs`, as navd's Lua layer and control
  /// channel do (then stack elements carry their ids).
  @discardableResult
  public static func checkEveryType(_ value: DataValue, stackElementIDs: Bool) -> Int {
    var decoded = 0
    for entry in FeatureRegistry.all {
      decoded += checkFeature(entry.feature, value, stackElementIDs: stackElementIDs)
    }
    if check(Sample.self, value, stackElementIDs: stackElementIDs) != nil { decoded += 1 }
    if check(Choice.self, value, stackElementIDs: stackElementIDs) != nil { decoded += 1 }
    if check([Raw].self, value, stackElementIDs: stackElementIDs) != nil { decoded += 1 }
    return decoded
  }

  /// Checks `value` as `F`'s `State` and as its `Action`; returns how many decoded.
  @discardableResult
  public static func checkFeature<F: LaunchableFeature>(
    _: F.Type, _ value: DataValue, stackElementIDs: Bool
  ) -> Int {
    (check(F.State.self, value, stackElementIDs: stackElementIDs) != nil ? 1 : 0)
      + (check(F.Action.self, value, stackElementIDs: stackElementIDs) != nil ? 1 : 0)
  }

  /// Checks `value` as `F`'s `Action` only; returns whether it decoded.
  @discardableResult
  public static func checkAction<F: LaunchableFeature>(
    _: F.Type, _ value: DataValue, stackElementIDs: Bool
  ) -> Bool {
    check(F.Action.self, value, stackElementIDs: stackElementIDs) != nil
  }

  /// Decodes `value` as a `T` and checks its round trip when it decodes.
  ///
  /// What decodes must encode, the encoding must decode to an equal value, and that value must
  /// encode the same. The encoding pushed into Lua must read back the same but for what a Lua
  /// table cannot hold (``LuaEdge/luaForm(_:)``), and decode to an equal value too. Returns the
  /// decoded value.
  ///
  /// Each decoding runs with a new stack element id generator, as each store has its own.
  @discardableResult
  public static func check<T: Codable & Equatable>(
    _: T.Type, _ value: DataValue, stackElementIDs: Bool
  ) -> T? {
    let decoder = ValueDecoder(userInfo: [.stackElementIDs: stackElementIDs])
    let encoder = ValueEncoder(userInfo: [.stackElementIDs: stackElementIDs])
    func decode(_ value: DataValue) throws -> T {
      try withDependencies {
        $0.stackElementID = StackElementIDGenerator()
      } operation: {
        try decoder.decode(T.self, from: value)
      }
    }
    guard let decoded = try? decode(value) else { return nil }
    let encoded: DataValue
    do {
      encoded = try encoder.encode(decoded)
    } catch {
      fatalError("fuzz invariant broken: \(T.self) decoded from \(value) does not encode: \(error)")
    }
    let again: T
    do {
      again = try decode(encoded)
    } catch {
      fatalError(
        "fuzz invariant broken: \(T.self) decoded from \(value) encodes as \(encoded), which does "
          + "not decode: \(ValueDecoder.describe(error))")
    }
    guard !containsNaN(encoded) else { return decoded }
    require(
      again == decoded,
      "\(T.self) decoded from \(value) encodes as \(encoded), which decodes as a different value: "
        + "\(decoded) became \(again)")
    let reencoded = try? encoder.encode(again)
    require(
      reencoded == encoded,
      "\(T.self) decoded from \(value) encodes as \(encoded), but decoded again as \(again) "
        + "encodes as \(reencoded.map(String.init(describing:)) ?? "an error")")
    // Into Lua and back, as a state goes into a script and an action comes out of one: the same
    // but for what a Lua table cannot hold, and it decodes as the same value.
    let fromLua = LuaEdge.checkPushed(encoded, "\(T.self) decoded from \(value) encodes as")
    guard !LuaEdge.holdsNullElement(encoded) else { return decoded }
    let decodedFromLua: T
    do {
      decodedFromLua = try decode(fromLua)
    } catch {
      fatalError(
        "fuzz invariant broken: \(T.self) decoded from \(value) encodes as \(encoded), which comes "
          + "back from Lua as \(fromLua), which does not decode: \(ValueDecoder.describe(error))")
    }
    require(
      decodedFromLua == decoded,
      "\(T.self) decoded from \(value) encodes as \(encoded), which comes back from Lua as "
        + "\(fromLua), which decodes as a different value: \(decoded) became \(decodedFromLua)")
    return decoded
  }
}
