// BuildIdentity: which build of the program is running — its GNU build ID, so that reports of
// two builds are not taken for one.

import CNavSys

/// The running program's GNU build ID, as hex: the linker's hash of the binary, the same for
/// the same build on every machine.
enum BuildIdentity {
  /// The build ID, or `nil` when the program was linked without one.
  static let current: String? = {
    var bytes = [UInt8](repeating: 0, count: 64)
    let length = Int(navsys_build_id(&bytes, bytes.count))
    guard length > 0 else { return nil }
    return bytes.prefix(length).map { byte in
      let text = String(byte, radix: 16)
      return byte < 16 ? "0" + text : text
    }.joined()
  }()
}
