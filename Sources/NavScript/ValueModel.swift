// How state and actions cross into Lua: the value model, with stack element ids.

import Composable
import LuaBridge
import NavValue

/// The coders that carry state and actions between Swift and Lua in navd's value model.
///
/// They are ``ValueEncoder`` and ``ValueDecoder`` with `CodingUserInfoKey.stackElementIDs`
/// set, so every `StackState` element shows its `StackElementID` as an `id` field.
public enum ValueModel {
  /// Encodes `value` for Lua.
  public static func encode<T: Encodable>(_ value: T) throws(LuaError) -> DataValue {
    do {
      return try encoder.encode(value)
    } catch {
      throw LuaError("cannot encode \(T.self): \(error)")
    }
  }

  /// Decodes a `T` from `value`, or throws an error that names the failing place and type.
  ///
  /// `what` says what was decoded, as in `action` or `state`.
  public static func decode<T: Decodable>(
    _: T.Type, from value: DataValue, what: String
  ) throws(LuaError) -> T {
    do {
      return try decoder.decode(T.self, from: value)
    } catch {
      throw LuaError(
        "invalid \(what) for \(typeName(T.self)): \(ValueDecoder.describe(error))"
          + (CaseSuggestion.text(for: error) ?? ""))
    }
  }

  /// Decodes an action, first resolving its stack positions (`element(-1)`, `@1`) against the
  /// current state, which `state` gives; it is read only when the action has positions.
  static func decodeAction<Action: Decodable>(
    _: Action.Type, from tree: DataValue, state: () throws(LuaError) -> DataValue
  ) throws(LuaError) -> Action {
    let resolved =
      StackPositions.mentionsPositions(tree) ? try StackPositions.resolve(tree, in: state()) : tree
    return try decode(Action.self, from: resolved, what: "action")
  }

  /// The state a store launches from: `value` (the `state` launch option) decoded, or `initial`.
  ///
  /// Stack element ids the state names are reserved in `stackElementIDs`, the generator the
  /// store will push with; elements without one get theirs from it.
  static func decodeState<State: Decodable>(
    _ value: DataValue?, orElse initial: () -> State, stackElementIDs: StackElementIDGenerator
  ) throws(LuaError) -> State {
    guard let value else { return initial() }
    let decoded: Result<State, LuaError> = withDependencies {
      $0.stackElementID = stackElementIDs
    } operation: {
      do throws(LuaError) {
        return .success(try decode(State.self, from: value, what: "state"))
      } catch {
        return .failure(error)
      }
    }
    return try decoded.get()
  }

  /// The type's name without its module: `ContactsFeature.Action`.
  static func typeName(_ type: Any.Type) -> String {
    String(reflecting: type).split(separator: ".").dropFirst().joined(separator: ".")
  }

  private static let encoder = ValueEncoder(userInfo: [.stackElementIDs: true])
  private static let decoder = ValueDecoder(userInfo: [.stackElementIDs: true])
}
