// The last action path a script sent, kept so that sending it again skips decoding.

import Composable
import Foundation
import HeadlessUICore
import NavValue
import Synchronization

/// The last path a script sent, by the address of Lua's interned string and its bytes.
///
/// A class, so that reading it under the lock copies one reference (a tuple of a generic action
/// went through value witnesses and metadata lookups on every send).
final class LastPath<Action>: @unchecked Sendable {
  /// Where Lua's interned string was, for a path a script sent; `nil` for a path sent as a
  /// `String`.
  let address: UnsafeRawPointer?
  let bytes: [UInt8]
  let action: Action

  init(address: UnsafeRawPointer?, bytes: [UInt8], action: Action) {
    self.address = address
    self.bytes = bytes
    self.action = action
  }

  /// Whether `path` is this path: the same address and the same bytes.
  func matches(_ path: UnsafeRawBufferPointer) -> Bool {
    address != nil && address == path.baseAddress && bytes.count == path.count
      && bytes.withUnsafeBytes { memcmp($0.baseAddress!, path.baseAddress!, $0.count) } == 0
  }

  /// Whether `path`'s UTF-8 bytes are this path's.
  func matches(_ path: String) -> Bool {
    var path = path
    return path.withUTF8 { utf8 in
      guard utf8.count == bytes.count else { return false }
      guard let start = utf8.baseAddress else { return true }
      return bytes.withUnsafeBytes { memcmp($0.baseAddress!, start, utf8.count) } == 0
    }
  }
}
