// Where navd's control socket is, as the daemon and its clients both work it out.

/// The control socket's conventional location.
public enum ControlSocket {
  /// The default socket path for `environment`: `$RUNTIME_DIRECTORY/control.sock` under systemd
  /// (the first directory when it lists several), else `$XDG_RUNTIME_DIR/navd/control.sock`,
  /// else `/run/navd/control.sock`.
  public static func defaultPath(environment: [String: String]) -> String {
    if let runtime = environment["RUNTIME_DIRECTORY"], !runtime.isEmpty {
      return "\(runtime.split(separator: ":").first!)/control.sock"
    }
    if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
      return "\(runtime)/navd/control.sock"
    }
    return systemPath
  }

  /// The system daemon's socket, as `navd.socket` creates it.
  public static let systemPath = "/run/navd/control.sock"

  /// Where a client looks by default: navd's default path for `environment`, unless nothing is
  /// there and the system daemon's socket is (a desktop session, where `$XDG_RUNTIME_DIR` is
  /// set, talking to the navd that systemd runs).
  ///
  /// `exists` tells whether a path names a file.
  public static func clientPath(
    environment: [String: String], exists: (String) -> Bool
  ) -> String {
    let path = defaultPath(environment: environment)
    if path != systemPath, !exists(path), exists(systemPath) { return systemPath }
    return path
  }
}
