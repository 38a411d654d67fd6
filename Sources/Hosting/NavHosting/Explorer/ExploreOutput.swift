// ExploreOutput: the files an exploration leaves in its directory — a repro spec per finding
// and the screen graph.

import Foundation
import NavValue

extension ExploreReport {
  /// Writes `DIR/KIND-N_spec.lua` for each finding and `DIR/graph.dot`, creating `directory`;
  /// returns the report with each finding's `repro` set.
  ///
  /// - Parameters:
  ///   - directory: Where the files go.
  ///   - command: How to run the exploration again, for the specs' comments.
  ///   - options: The options the walk ran with (time step, invariants file).
  public func written(to directory: String, command: String, options: ExploreOptions)
    throws(NavError) -> ExploreReport
  {
    var report = self
    let manager = FileManager.default
    do {
      try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
      // Repros of an earlier run would be run with these by `HOST test DIR`.
      for name in try manager.contentsOfDirectory(atPath: directory)
      where name.hasSuffix("_spec.lua") {
        try manager.removeItem(atPath: directory + "/" + name)
      }
      var numbers: [ExploreFinding.Kind: Int] = [:]
      for index in report.findings.indices {
        let kind = report.findings[index].kind
        numbers[kind, default: 0] += 1
        let name = "\(kind.rawValue)-\(numbers[kind]!)"
        let path = directory + "/" + name + "_spec.lua"
        let spec = ReproSpec(
          finding: report.findings[index], feature: feature, command: command, options: options,
          name: name)
        try spec.text.write(toFile: path, atomically: true, encoding: .utf8)
        report.findings[index].repro = path
      }
      try graph.write(toFile: directory + "/graph.dot", atomically: true, encoding: .utf8)
    } catch {
      throw NavError("cannot write the exploration's files in \(directory): \(error)")
    }
    return report
  }
}
