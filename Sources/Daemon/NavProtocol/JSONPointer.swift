// Addressing a location inside a JSON value (RFC 6901).

// MARK: - JSONPointer

/// A JSON Pointer (RFC 6901): a path of reference tokens from the root of a value.
///
/// In text each token follows a `/`, with `~` written `~0` and `/` written `~1`: the tokens
/// `["a/b", "m~n"]` are `/a~1b/m~0n`. The empty text `""` is the root. A token addresses an
/// object member by key or an array element by decimal index without leading zeros; in an
/// `add` operation `-` addresses the position after the last element.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
  /// The reference tokens, unescaped.
  public var tokens: [String]

  /// Creates a pointer from unescaped tokens.
  public init(tokens: [String] = []) {
    self.tokens = tokens
  }

  /// The pointer to the whole value.
  public static var root: JSONPointer { JSONPointer() }

  /// Reads a pointer from its text, or throws when it is not empty and does not start with `/`,
  /// or has a `~` not followed by `0` or `1`.
  public init(parsing text: String) throws(JSONPatchError) {
    guard !text.isEmpty else {
      self.init()
      return
    }
    guard text.utf8.first == UInt8(ascii: "/") else {
      throw JSONPatchError("The JSON pointer \"\(text)\" must be empty or start with '/'.")
    }
    var tokens: [String] = []
    for raw in text.utf8.dropFirst().split(
      separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    {
      guard raw.contains(UInt8(ascii: "~")) else {
        tokens.append(String(decoding: raw, as: UTF8.self))
        continue
      }
      var token: [UInt8] = []
      var iterator = raw.makeIterator()
      while let byte = iterator.next() {
        guard byte == UInt8(ascii: "~") else {
          token.append(byte)
          continue
        }
        switch iterator.next() {
        case UInt8(ascii: "0"): token.append(UInt8(ascii: "~"))
        case UInt8(ascii: "1"): token.append(UInt8(ascii: "/"))
        default:
          throw JSONPatchError(
            "The JSON pointer \"\(text)\" has a '~' that is not followed by '0' or '1'.")
        }
      }
      tokens.append(String(decoding: token, as: UTF8.self))
    }
    self.init(tokens: tokens)
  }

  /// The pointer's text, with `~` and `/` escaped: `/a~1b/m~0n`.
  public var description: String {
    var text = ""
    for token in tokens {
      text += "/"
      if token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
        text += token.replacing("~", with: "~0").replacing("/", with: "~1")
      } else {
        text += token
      }
    }
    return text
  }

  /// Whether this is the root pointer.
  public var isRoot: Bool { tokens.isEmpty }

  /// This pointer extended by the member key or array index `token`.
  public func appending(_ token: String) -> JSONPointer {
    JSONPointer(tokens: tokens + [token])
  }

  /// This pointer extended by the array index `index`.
  public func appending(_ index: Int) -> JSONPointer {
    appending(String(index))
  }

  /// Whether `other` lies strictly inside the location this pointer addresses.
  public func isProperPrefix(of other: JSONPointer) -> Bool {
    tokens.count < other.tokens.count && other.tokens.starts(with: tokens)
  }

  /// The value this pointer addresses in `document`, or `nil` when there is none.
  public func resolve(in document: JSONValue) -> JSONValue? {
    var current = document
    for token in tokens {
      switch current {
      case .object(let object):
        guard let member = object[token] else { return nil }
        current = member
      case .array(let elements):
        guard let index = Self.arrayIndex(token), index < elements.count else { return nil }
        current = elements[index]
      default:
        return nil
      }
    }
    return current
  }

  /// The array index a token spells (decimal, no leading zeros), or `nil`.
  static func arrayIndex(_ token: String) -> Int? {
    let utf8 = token.utf8
    guard let first = utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
      return nil
    }
    guard first != UInt8(ascii: "0") || utf8.count == 1 else { return nil }
    guard utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
      return nil
    }
    return Int(token)
  }
}
