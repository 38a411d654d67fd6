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
    return "/run/navd/control.sock"
  }
}
