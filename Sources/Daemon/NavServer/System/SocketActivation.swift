// Socket activation: the listening sockets systemd (or systemd-socket-activate) opened for the
// daemon and passed from descriptor 3 on, described by $LISTEN_PID, $LISTEN_FDS and
// $LISTEN_FDNAMES.

import CNavSys
import Foundation
import Glibc
import NavTransport

/// The listening sockets a service manager passed to this process.
public enum SocketActivation {
  /// The first passed descriptor, as in `SD_LISTEN_FDS_START`.
  static let firstDescriptor: Int32 = 3

  /// One passed socket.
  public struct Socket: Equatable, Sendable {
    /// The descriptor (3 or more).
    public var descriptor: Int32
    /// Its name from `$LISTEN_FDNAMES` (`FileDescriptorName=` in the socket unit), or `""`.
    public var name: String
  }

  /// Returns the sockets passed to process `pid` by `environment`, or `[]` when none were.
  ///
  /// The variables are for this process only (`$LISTEN_PID` says which): a daemon started by a
  /// shell that inherited them gets none.
  public static func passedSockets(environment: [String: String], pid: Int32) -> [Socket] {
    guard let owner = environment["LISTEN_PID"].flatMap({ Int32($0) }), owner == pid,
      let count = environment["LISTEN_FDS"].flatMap({ Int32($0) }), count > 0
    else { return [] }
    let names = (environment["LISTEN_FDNAMES"] ?? "").split(
      separator: ":", omittingEmptySubsequences: false
    ).map(String.init)
    return (0..<count).map { index in
      Socket(
        descriptor: firstDescriptor + index,
        name: Int(index) < names.count ? names[Int(index)] : "")
    }
  }

  /// Takes the control socket from the passed sockets of this process: the one named
  /// `control`, else the first listening Unix stream socket; `nil` when none was passed.
  ///
  /// Every passed descriptor gets `FD_CLOEXEC`, and the `LISTEN_*` variables are removed so
  /// that nothing the daemon starts believes the sockets are its own. Throws when sockets were
  /// passed but none can serve (a datagram socket, a TCP one).
  public static func takeControlSocket() throws -> (descriptor: Int32, path: String)? {
    let passed = passedSockets(
      environment: ProcessInfo.processInfo.environment, pid: getpid())
    for variable in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { unsetenv(variable) }
    guard !passed.isEmpty else { return nil }
    for socket in passed { _ = navsys_set_cloexec(socket.descriptor) }
    let ordered =
      passed.filter { $0.name == "control" } + passed.filter { $0.name != "control" }
    for socket in ordered {
      let kind = try system("getsockopt(\(socket.descriptor))") {
        navsys_is_listening_unix_stream(socket.descriptor)
      }
      guard kind == 1 else { continue }
      try system("fcntl(\(socket.descriptor), O_NONBLOCK)") {
        navsys_set_nonblocking(socket.descriptor, 1)
      }
      var path = [CChar](repeating: 0, count: 256)
      try system("getsockname(\(socket.descriptor))") {
        navsys_unix_socket_path(socket.descriptor, &path, path.count)
      }
      let bound = String(
        decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return (socket.descriptor, bound)
    }
    throw SocketActivationError(
      "socket activation passed \(passed.count) descriptor\(passed.count == 1 ? "" : "s") "
        + "(\(passed.map { $0.name.isEmpty ? "fd \($0.descriptor)" : $0.name }.joined(separator: ", "))) "
        + "but none is a listening Unix stream socket")
  }
}

/// Why the sockets systemd passed cannot serve as the control socket, in a sentence.
public struct SocketActivationError: Error, CustomStringConvertible {
  /// The sentence.
  public var description: String
  init(_ description: String) { self.description = description }
}
