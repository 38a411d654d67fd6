// What decodes must encode, and decode back to itself: the value model's round trip, checked for
// every case study's State and Action (through reflection, as they have no Codable) and for the
// sample types (through Codable).

import Composable
import FuzzKit
import LuaBridge
import NavScript
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
    for entry in CaseStudyTypes.all {
      decoded += checkFeature(entry, value, stackElementIDs: stackElementIDs)
    }
    if check(Sample.self, value, stackElementIDs: stackElementIDs) != nil { decoded += 1 }
    if check(Choice.self, value, stackElementIDs: stackElementIDs) != nil { decoded += 1 }
    if check([Raw].self, value, stackElementIDs: stackElementIDs) != nil { decoded += 1 }
    return decoded
  }

  /// Checks `value` as `entry`'s `State` and as its `Action`; returns how many decoded.
  @discardableResult
  public static func checkFeature(
    _ entry: CaseStudyEntry, _ value: DataValue, stackElementIDs: Bool
  ) -> Int {
    (entry.checkState(value, stackElementIDs) ? 1 : 0)
      + (entry.checkAction(value, stackElementIDs) ? 1 : 0)
  }

  /// Checks `value` as `T`: through Codable when `T` is `Codable` and `Equatable`, and otherwise
  /// through the value model's reflection (only with stack element ids, as navd always gives
  /// them); returns the built value.
  @discardableResult
  public static func check<T>(_: T.Type, _ value: DataValue, stackElementIDs: Bool) -> T? {
    if let codable = T.self as? any (Codable & Equatable).Type {
      func open<C: Codable & Equatable>(_: C.Type) -> T? {
        checkCodable(C.self, value, stackElementIDs: stackElementIDs).map { $0 as! T }
      }
      return open(codable)
    }
    guard stackElementIDs else { return nil }
    return checkReflected(T.self, value)
  }

  /// What builds through reflection must encode, and build back to the same encoding; through
  /// Lua and back too, but for what a Lua table cannot hold.
  static func checkReflected<T>(_: T.Type, _ value: DataValue) -> T? {
    func build(_ value: DataValue) throws(LuaError) -> T {
      let built: Result<T, LuaError> = withDependencies {
        $0.stackElementID = StackElementIDGenerator()
      } operation: {
        do throws(LuaError) {
          return .success(try ValueModel.buildAny(T.self, from: value, what: "value"))
        } catch {
          return .failure(error)
        }
      }
      return try built.get()
    }
    guard let built = try? build(value) else { return nil }
    let encoded: DataValue
    do {
      encoded = try ValueModel.encodeAny(built)
    } catch {
      fatalError("fuzz invariant broken: \(T.self) built from \(value) does not encode: \(error)")
    }
    let again: T
    do {
      again = try build(encoded)
    } catch {
      fatalError(
        "fuzz invariant broken: \(T.self) built from \(value) encodes as \(encoded), which does "
          + "not build: \(error)")
    }
    guard !containsNaN(encoded) else { return built }
    let reencoded = try? ValueModel.encodeAny(again)
    require(
      reencoded == encoded,
      "\(T.self) built from \(value) encodes as \(encoded), but built again it encodes as "
        + "\(reencoded.map(String.init(describing:)) ?? "an error")")
    let fromLua = LuaEdge.checkPushed(encoded, "\(T.self) built from \(value) encodes as")
    guard !LuaEdge.holdsNullElement(encoded) else { return built }
    do {
      let fromLuaBuilt = try build(fromLua)
      require(
        (try? ValueModel.encodeAny(fromLuaBuilt)) == encoded,
        "\(T.self) built from \(value) encodes as \(encoded), which comes back from Lua as "
          + "\(fromLua), which builds as a different value")
    } catch {
      fatalError(
        "fuzz invariant broken: \(T.self) built from \(value) encodes as \(encoded), which comes "
          + "back from Lua as \(fromLua), which does not build: \(error)")
    }
    return built
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
  static func checkCodable<T: Codable & Equatable>(
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
