// The control socket: a Unix stream socket created 0600 (or the mode configured), and the checks
// around its path.

import CNavSys
import Foundation
import Glibc

/// A listening Unix stream socket.
package final class UnixListener {
  /// The listening descriptor (non-blocking).
  package let descriptor: Int32
  /// The socket's path.
  package let path: String
  /// Whether closing removes the socket file (not when it came from socket activation).
  package let ownsPath: Bool

  /// Wraps an already listening descriptor (socket activation).
  package init(descriptor: Int32, path: String, ownsPath: Bool) {
    self.descriptor = descriptor
    self.path = path
    self.ownsPath = ownsPath
  }

  /// Creates the socket at `path`, readable and writable by its owner only (0600), or with
  /// `mode` (such as 0660, for a group of clients).
  ///
  /// Refuses a path longer than `sun_path` holds, and a path where something else is: a file
  /// that is not a socket, or a socket another process listens on. A socket file nobody listens
  /// on (a crashed daemon's) is removed first. A missing directory is created, 0700 unless
  /// `mode` lets others in (then 0755: the socket's own mode still decides).
  package static func listen(at path: String, mode: UInt32 = 0o600, backlog: Int32 = 128) throws
    -> UnixListener
  {
    let limit = navsys_unix_path_max()
    guard path.utf8.count <= limit else {
      throw ListenerError(
        "the socket path \(path) is \(path.utf8.count) bytes long; a Unix socket path holds at "
          + "most \(limit)")
    }
    let directory = (path as NSString).deletingLastPathComponent
    if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
      do {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true,
          attributes: [.posixPermissions: mode & 0o077 == 0 ? 0o700 : 0o755])
      } catch {
        throw ListenerError("cannot create the socket's directory \(directory): \(error)")
      }
    }
    try removeStaleSocket(at: path)

    let descriptor = try system("socket(AF_UNIX)") { navsys_unix_socket(1) }
    do {
      // Created 0600 from the start (no window in which another user could connect).
      let previous = umask(0o177)
      defer { umask(previous) }
      try system("bind(\(path))") { navsys_unix_bind(descriptor, path) }
      try system("chmod(\(path))") { chmod(path, mode_t(mode)) }
      try system("listen(\(path))") { Glibc.listen(descriptor, backlog) }
    } catch {
      Glibc.close(descriptor)
      throw error
    }
    return UnixListener(descriptor: descriptor, path: path, ownsPath: true)
  }

  /// Removes a socket file nobody listens on; refuses anything else at `path`.
  private static func removeStaleSocket(at path: String) throws {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }  // nothing there
    guard (status.st_mode & S_IFMT) == S_IFSOCK else {
      throw ListenerError("\(path) exists and is not a socket; refusing to replace it")
    }
    let probe = try system("socket(AF_UNIX)") { navsys_unix_socket(0) }
    defer { Glibc.close(probe) }
    if navsys_unix_connect(probe, path) == 0 {
      throw ListenerError("another process is listening on \(path); is navd already running?")
    }
    let code = navsys_errno()
    guard code == ECONNREFUSED || code == ENOENT else {
      throw ListenerError(
        "cannot tell whether \(path) is in use: \(SystemError(call: "connect(\(path))", code: code))"
      )
    }
    try system("unlink(\(path))") { unlink(path) }
  }

  /// Accepts one pending connection, or returns `nil` when none is pending.
  package func accept() throws(SystemError) -> Int32? {
    do {
      return try system("accept4(\(path))") { navsys_accept(descriptor) }
    } catch  where error.wouldBlock || error.code == ECONNABORTED {
      return nil
    }
  }

  /// Stops listening and removes the socket file when this listener created it.
  package func close() {
    Glibc.close(descriptor)
    if ownsPath { unlink(path) }
  }
}

/// Why the control socket could not be set up, in a sentence.
package struct ListenerError: Error, CustomStringConvertible {
  package var description: String
  package init(_ description: String) { self.description = description }
}
