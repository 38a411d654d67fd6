// A new private directory under /tmp, short enough for the servers' Unix socket paths.

#if canImport(Glibc)
  import Glibc
#endif

/// A new private directory under /tmp (short, as socket paths must be).
func temporaryDirectory() -> String {
  var template = Array("/tmp/navbench.XXXXXX".utf8CString)
  guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
    fatalError("navbench: cannot create a temporary directory in /tmp")
  }
  return String(cString: made)
}
