// Finding a program such as redis-server on PATH.

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The first executable named `name` on `PATH`.
func findExecutable(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin:/usr/sbin:/sbin"
  let directories = path.split(separator: ":").map(String.init)
  return directories.map { $0 + "/" + name }.first { access($0, X_OK) == 0 }
}
