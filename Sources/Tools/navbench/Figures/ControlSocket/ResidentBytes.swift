// A process's resident set, from /proc, for the memory figure and the push/pop report.

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension SocketBenchmark {
  /// The resident set of process `pid` (this process when nil), in bytes, from `/proc/*/statm`.
  static func residentBytes(of pid: Int32?) -> Int {
    let path = pid.map { "/proc/\($0)/statm" } ?? "/proc/self/statm"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
