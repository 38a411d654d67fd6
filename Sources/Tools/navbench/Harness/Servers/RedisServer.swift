// redis-server under test: a child process on a Unix socket, the control socket's peer.

import CNavSys
import Foundation
import NavTransport

#if canImport(Glibc)
  import Glibc
#endif

/// A `redis-server` child process on a Unix socket, without persistence.
final class RedisServer {
  /// The Unix socket.
  let socketPath: String
  /// The child's process id.
  let pid: Int32
  private let process: Process

  private init(socketPath: String, process: Process) {
    self.socketPath = socketPath
    self.process = process
    self.pid = process.processIdentifier
  }

  /// Starts `redis-server` with its socket in `directory` and waits until it answers; nil when
  /// it is not installed or does not come up within 5 s.
  static func start(in directory: String) -> RedisServer? {
    guard let redis = findExecutable("redis-server") else { return nil }
    let socketPath = directory + "/redis.sock"
    let process = Process()
    let redisArguments = [
      "--port", "0", "--unixsocket", socketPath, "--unixsocketperm", "700", "--save", "",
      "--appendonly", "no", "--daemonize", "no", "--maxclients", "1024", "--loglevel", "warning",
    ]
    // setpriv --pdeathsig stops Redis should navbench die before stopping it.
    if let setpriv = findExecutable("setpriv") {
      process.executableURL = URL(fileURLWithPath: setpriv)
      process.arguments = ["--pdeathsig", "TERM", redis] + redisArguments
    } else {
      process.executableURL = URL(fileURLWithPath: redis)
      process.arguments = redisArguments
    }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return nil
    }
    let deadline = monotonicNanoseconds() + 5_000_000_000
    while monotonicNanoseconds() < deadline, process.isRunning {
      if BlockingLineSocket.isAccepting(socketPath) {
        return RedisServer(socketPath: socketPath, process: process)
      }
      usleep(10_000)
    }
    if process.isRunning { process.terminate() }
    return nil
  }

  /// Stops Redis and waits for it.
  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }
}
