// One session's saved state on disk: the file format (a checksummed header line, then the state
// as JSON) and the atomic replacement that keeps the previous good copy beside it.

import CNavSys
import Foundation
import Glibc
import NavProtocol
import NavTransport

/// A session as saved: enough to open it again with the same state.
struct SavedSession: Equatable, Sendable {
  /// The session's name.
  var name: String
  /// The feature it runs.
  var feature: String
  /// The session's version when it was saved.
  var version: UInt64
  /// The state, in the value model.
  var state: JSONValue

  /// Creates a saved session.
  init(name: String, feature: String, version: UInt64, state: JSONValue) {
    self.name = name
    self.feature = feature
    self.version = version
    self.state = state
  }
}

/// Why a state file could not be read, in a sentence.
struct StateFileError: Error, Equatable, CustomStringConvertible {
  /// What is wrong.
  var description: String

  init(_ description: String) { self.description = description }
}

/// The format and the files of saved session state.
///
/// A file is one header line, `navd-state 1 crc32c=XXXXXXXX length=N`, then `N` bytes of JSON,
/// `{"name":…,"feature":…,"version":…,"state":…}`, whose CRC-32C the header carries. A file that
/// was cut short, grew, or has a flipped bit fails the check. Saving writes a temporary file,
/// flushes it to the disk, renames the current file to `.prev` (when it passes its check) and
/// the temporary one into place, then flushes the directory: at every instant one complete,
/// checked copy exists.
enum StateFile {
  static let magic = "navd-state 1"

  // MARK: - Format

  /// The bytes of a file holding `saved`.
  static func encode(_ saved: SavedSession) throws -> [UInt8] {
    let body = try JSONWriter().bytes(
      .object([
        "name": .string(saved.name), "feature": .string(saved.feature),
        "version": .integer(Int(clamping: saved.version)), "state": saved.state,
      ]))
    let checksum = String(CRC32C.checksum(body), radix: 16)
    let padded = String(repeating: "0", count: 8 - checksum.count) + checksum
    return Array("\(magic) crc32c=\(padded) length=\(body.count)\n".utf8) + body
  }

  /// The session a file's bytes hold, or why they hold none.
  static func decode(_ bytes: [UInt8]) throws(StateFileError) -> SavedSession {
    guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
      throw StateFileError(bytes.isEmpty ? "the file is empty" : "the header line is cut short")
    }
    let header = String(decoding: bytes[..<newline], as: UTF8.self)
    let fields = header.split(separator: " ").map(String.init)
    guard fields.count == 4, "\(fields[0]) \(fields[1])" == magic,
      fields[2].hasPrefix("crc32c="), let expected = UInt32(fields[2].dropFirst(7), radix: 16),
      fields[3].hasPrefix("length="), let length = Int(fields[3].dropFirst(7))
    else {
      throw StateFileError("the header is not a navd state header: \(header.prefix(80))")
    }
    let body = Array(bytes[(newline + 1)...])
    guard body.count == length else {
      throw StateFileError(
        "the state is \(body.count) bytes long where the header says \(length): "
          + (body.count < length ? "the file was cut short" : "the file has extra bytes"))
    }
    let actual = CRC32C.checksum(body)
    guard actual == expected else {
      throw StateFileError(
        "the checksum does not match (crc32c \(String(actual, radix: 16)) where the header says "
          + "\(String(expected, radix: 16))): the file is corrupt")
    }
    let json: JSONValue
    do {
      json = try JSONParser(maximumDepth: 512).parse(body)
    } catch {
      throw StateFileError("the state is not valid JSON: \(error)")
    }
    guard let name = json["name"]?.stringValue, let feature = json["feature"]?.stringValue,
      let version = json["version"]?.intValue, version >= 0, let state = json["state"]
    else {
      throw StateFileError("the state lacks its name, feature, version or state")
    }
    return SavedSession(name: name, feature: feature, version: UInt64(version), state: state)
  }

  // MARK: - Files

  /// The file name of session `name`'s state, one every file system takes: the name in NFC
  /// with every byte outside `[A-Za-z0-9._-]` percent-encoded (and a leading `.`), then
  /// `.state`.
  ///
  /// A name whose encoding is longer than ``maximumEncodedBytes`` (a long name, or one of
  /// many non-ASCII characters: each of their bytes takes three) keeps the first
  /// ``keptEncodedBytes`` of it, then `~` and 16 hex digits of a 64-bit FNV-1a hash of the
  /// whole name: at most 183 bytes with `.state`, under `NAME_MAX`'s 255 with `.prev` or
  /// `.tmp` added. A short encoding never holds a `~` (it is encoded), so the two forms never
  /// meet; two long names that hash alike are refused at open (``collides(_:with:)``). The
  /// full name is inside the file.
  static func fileName(of name: String) -> String {
    // Two spellings of one text are one name (Swift's `==`): they get one file.
    let canonical = name.precomposedStringWithCanonicalMapping
    var encoded = ""
    for byte in canonical.utf8 {
      let scalar = Unicode.Scalar(byte)
      if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
        || (byte == 0x2E && !encoded.isEmpty)
      {
        encoded.unicodeScalars.append(scalar)
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    if encoded.utf8.count > maximumEncodedBytes {
      var kept = encoded.prefix(keptEncodedBytes)
      // Not in the middle of a `%XX`.
      if let percent = kept.suffix(2).lastIndex(of: "%") { kept = kept[..<percent] }
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in canonical.utf8 {
        hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
      }
      let hex = String(hash, radix: 16)
      encoded = kept + "~" + String(repeating: "0", count: 16 - hex.count) + hex
    }
    return encoded + ".state"
  }

  /// The longest percent-encoded name kept whole in a file name.
  static let maximumEncodedBytes = 160
  /// How much of a longer encoding starts its file name, before the hash.
  static let keptEncodedBytes = 160

  /// Whether session `name` would be saved in the same file as `other`, a different name:
  /// two long names whose first bytes and hash agree.
  static func collides(_ name: String, with other: String) -> Bool {
    name != other && fileName(of: name) == fileName(of: other)
  }

  /// Saves `saved` in `directory` atomically, keeping the copy it replaces as `.prev`.
  ///
  /// With `rotating` false the current copy is replaced without becoming `.prev`: a copy that
  /// failed its check must not take the place of the good one there.
  static func write(_ saved: SavedSession, in directory: String, rotating: Bool = true)
    throws
  {
    let bytes = try encode(saved)
    let path = directory + "/" + fileName(of: saved.name)
    let temporary = path + ".tmp"
    let descriptor = try system("open(\(temporary))") {
      open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    }
    do {
      defer { close(descriptor) }
      var offset = 0
      while offset < bytes.count {
        let written = try system("write(\(temporary))") {
          bytes.withUnsafeBytes {
            Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
          }
        }
        offset += written
      }
      try system("fsync(\(temporary))") { fsync(descriptor) }
    }
    if rotating, access(path, F_OK) == 0 {
      try system("rename(\(path), .prev)") { rename(path, path + ".prev") }
    }
    try system("rename(\(temporary))") { rename(temporary, path) }
    try syncDirectory(directory)
  }

  /// Reads session `name`'s state from `directory`.
  ///
  /// The current copy is used when it checks, else the previous one. Returns the session, or
  /// `nil` when none was saved, with what was wrong with the copies that failed, one sentence
  /// each.
  static func read(name: String, in directory: String) -> (
    saved: SavedSession?, problems: [String]
  ) {
    read(path: directory + "/" + fileName(of: name))
  }

  /// Whether session `name`'s current copy in `directory` passes its check (or there is none):
  /// only then may it become the previous copy.
  static func currentCopyIsSound(name: String, in directory: String) -> Bool {
    let path = directory + "/" + fileName(of: name)
    guard let data = FileManager.default.contents(atPath: path) else { return true }
    return (try? decode(Array(data))) != nil
  }

  /// Reads the state at `path` (or, failing that, at `path.prev`).
  static func read(path: String) -> (saved: SavedSession?, problems: [String]) {
    var problems: [String] = []
    for candidate in [path, path + ".prev"] {
      guard let data = FileManager.default.contents(atPath: candidate) else { continue }
      do {
        return (try decode(Array(data)), problems)
      } catch {
        problems.append("\(candidate): \(error)")
      }
    }
    return (nil, problems)
  }

  /// Every session saved in `directory` (restored on start), with the problems met; a session
  /// whose copies all fail is left out and its problems reported.
  static func readAll(in directory: String) -> (sessions: [SavedSession], problems: [String]) {
    let (found, problems) = readAllFiles(in: directory)
    return (found.map(\.saved), problems)
  }

  /// ``readAll(in:)``, with the file each session was read from (`NAME.state`, without the
  /// directory): a file named under an earlier rule than ``fileName(of:)``'s is moved.
  static func readAllFiles(in directory: String) -> (
    sessions: [(file: String, saved: SavedSession)], problems: [String]
  ) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    var bases = Set<String>()
    for name in names {
      if name.hasSuffix(".state") {
        bases.insert(name)
      } else if name.hasSuffix(".state.prev") {
        bases.insert(String(name.dropLast(5)))
      }
    }
    var sessions: [(file: String, saved: SavedSession)] = []
    var problems: [String] = []
    for base in bases.sorted() {
      let (saved, found) = read(path: directory + "/" + base)
      problems += found
      if let saved { sessions.append((base, saved)) }
    }
    return (sessions, problems)
  }

  /// Removes session `name`'s files (a closed session is not restored).
  static func remove(name: String, in directory: String) {
    let path = directory + "/" + fileName(of: name)
    for candidate in [path, path + ".prev", path + ".tmp"] { unlink(candidate) }
    try? syncDirectory(directory)
  }

  /// Flushes `directory`'s entries (the renames) to the disk.
  static func syncDirectory(_ directory: String) throws {
    let descriptor = try system("open(\(directory))") {
      open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    defer { close(descriptor) }
    try system("fsync(\(directory))") { fsync(descriptor) }
  }
}
