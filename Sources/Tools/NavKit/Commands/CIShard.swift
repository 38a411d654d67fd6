// CIShard: which of N parallel jobs this run is — from `--shard K/N`, or from the variables a CI
// engine sets on each of its parallel jobs.

import Foundation

/// The shard a run of `test` or `explore` is, and where that was read.
///
/// Each engine names the shard in its own variables, counted from 0 or from 1:
///
/// | Engine | Index (from) | Total |
/// | --- | --- | --- |
/// | Bazel | `TEST_SHARD_INDEX` (0) | `TEST_TOTAL_SHARDS` |
/// | GitLab CI `parallel:` | `CI_NODE_INDEX` (1) | `CI_NODE_TOTAL` |
/// | Kubernetes Indexed Job | `JOB_COMPLETION_INDEX` (0) | `--shard-total` or `NAVD_SHARD_TOTAL` |
/// | CircleCI `parallelism:` | `CIRCLE_NODE_INDEX` (0) | `CIRCLE_NODE_TOTAL` |
/// | Buildkite `parallelism:` | `BUILDKITE_PARALLEL_JOB` (0) | `BUILDKITE_PARALLEL_JOB_COUNT` |
/// | Azure Pipelines `parallel:` | `SYSTEM_JOBPOSITIONINPHASE` (1) | `SYSTEM_TOTALJOBSINPHASE` |
///
/// A Kubernetes Job sets only the index, so the total comes from the command line or the pod's
/// environment. The first engine in this order whose index is set is the one read.
///
/// Without `--shard`, only Bazel's and GitLab's are read: Bazel's protocol asks the runner to
/// shard, and GitLab's `parallel:` leaves the split to the job. The others are read with
/// `--shard auto`: a CircleCI job that already split its files (`circleci tests split`, handed
/// over with `--files-from`) would otherwise run a shard of a shard, and a pod of an Indexed
/// Job may run a command that is not meant to be split.
struct CIShard: Equatable {
  /// The shard, from 1.
  var index: Int
  /// How many shards there are.
  var count: Int
  /// Where it was read: `--shard`, or the engine and its variables.
  var source: String

  /// One engine's variables.
  struct Engine {
    var name: String
    var indexVariable: String
    /// `nil` when the engine sets no total (a Kubernetes Indexed Job).
    var countVariable: String?
    /// What its index counts from.
    var base: Int
    /// Whether it is read without `--shard auto`.
    var implicit = false
  }

  /// The engines whose variables are read, in the order they are tried.
  static let engines = [
    Engine(
      name: "Bazel", indexVariable: "TEST_SHARD_INDEX", countVariable: "TEST_TOTAL_SHARDS",
      base: 0, implicit: true),
    Engine(
      name: "GitLab CI", indexVariable: "CI_NODE_INDEX", countVariable: "CI_NODE_TOTAL", base: 1,
      implicit: true),
    Engine(
      name: "a Kubernetes Indexed Job", indexVariable: "JOB_COMPLETION_INDEX", countVariable: nil,
      base: 0),
    Engine(
      name: "CircleCI", indexVariable: "CIRCLE_NODE_INDEX", countVariable: "CIRCLE_NODE_TOTAL",
      base: 0),
    Engine(
      name: "Buildkite", indexVariable: "BUILDKITE_PARALLEL_JOB",
      countVariable: "BUILDKITE_PARALLEL_JOB_COUNT", base: 0),
    Engine(
      name: "Azure Pipelines", indexVariable: "SYSTEM_JOBPOSITIONINPHASE",
      countVariable: "SYSTEM_TOTALJOBSINPHASE", base: 1),
  ]

  /// Where a Kubernetes Indexed Job's total may be set in the environment.
  static let totalVariable = "NAVD_SHARD_TOTAL"

  /// The options' lines for `--help`, each flag padded to `column` characters after an indent
  /// of two, and the text wrapped to 96 columns.
  static func help(column: Int) -> String {
    let options = [
      (
        "--shard K/N",
        "run only the K-th of N shards (for a CI matrix); without it, Bazel's "
          + "TEST_SHARD_INDEX and TEST_TOTAL_SHARDS, else GitLab's CI_NODE_INDEX and "
          + "CI_NODE_TOTAL, choose the shard; --shard auto reads those, a Kubernetes Indexed "
          + "Job's JOB_COMPLETION_INDEX, CircleCI's CIRCLE_NODE_INDEX and CIRCLE_NODE_TOTAL, "
          + "Buildkite's BUILDKITE_PARALLEL_JOB and BUILDKITE_PARALLEL_JOB_COUNT, and Azure "
          + "Pipelines' SYSTEM_JOBPOSITIONINPHASE and SYSTEM_TOTALJOBSINPHASE, and says which "
          + "it found"
      ),
      (
        "--shard-total N",
        "how many shards there are, for a Kubernetes Indexed Job (it sets only the index; "
          + "\(totalVariable) says the same)"
      ),
    ]
    var lines: [String] = []
    for (flag, text) in options {
      var line = "  " + flag.padding(toLength: column, withPad: " ", startingAt: 0)
      var empty = true
      for word in text.split(separator: " ") {
        if !empty, line.count + 1 + word.count > 96 {
          lines.append(line)
          line = String(repeating: " ", count: column + 2)
          empty = true
        }
        line += (empty ? "" : " ") + word
        empty = false
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  /// The shard that `option` (`--shard`'s value: `K/N`, `auto`, or `nil` when not given),
  /// `total` (`--shard-total`) and `environment` choose; `nil` when none does.
  static func choose(option: String?, total: Int?, environment: [String: String])
    throws(UsageError) -> CIShard?
  {
    switch option {
    case "auto"?:
      guard let shard = try fromEnvironment(environment, total: total, implicitOnly: false) else {
        throw UsageError(
          message: "--shard auto found no CI engine's shard variables (set: none of "
            + engines.map(\.indexVariable).joined(separator: ", ") + ")")
      }
      return shard
    case let text?:
      let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
      guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1,
        (1...count).contains(index)
      else {
        throw UsageError(message: "--shard needs K/N with 1 ≤ K ≤ N, or auto; got '\(text)'")
      }
      if let total, total != count {
        throw UsageError(message: "--shard \(text) and --shard-total \(total) disagree")
      }
      return CIShard(index: index, count: count, source: "--shard")
    case nil:
      return try fromEnvironment(environment, total: total, implicitOnly: true)
    }
  }

  /// The shard the first engine whose index is set chooses, among the engines read without
  /// `--shard auto` when `implicitOnly`.
  static func fromEnvironment(
    _ environment: [String: String], total: Int?, implicitOnly: Bool
  ) throws(UsageError) -> CIShard? {
    for engine in engines where engine.implicit || !implicitOnly {
      guard let indexText = environment[engine.indexVariable], !indexText.isEmpty else {
        continue
      }
      let countText: String
      let countName: String
      if let variable = engine.countVariable {
        // An index without its total is not this engine's parallel job (GitLab sets none
        // without `parallel:`): the next engine is tried.
        guard let text = environment[variable], !text.isEmpty else { continue }
        if let total, "\(total)" != text {
          throw UsageError(
            message: "--shard-total \(total) and \(variable)=\(text) (\(engine.name)) disagree")
        }
        (countText, countName) = (text, variable)
      } else if let total {
        (countText, countName) = ("\(total)", "--shard-total")
      } else if let text = environment[totalVariable], !text.isEmpty {
        (countText, countName) = (text, totalVariable)
      } else {
        throw UsageError(
          message: "\(engine.indexVariable)=\(indexText) (\(engine.name)) names no total: pass "
            + "--shard-total N or set \(totalVariable) (the Job's completions)")
      }
      guard let index = Int(indexText), let count = Int(countText), count >= 1,
        (engine.base..<(count + engine.base)).contains(index)
      else {
        throw UsageError(
          message: "\(engine.indexVariable)=\(indexText) and \(countName)=\(countText) do not "
            + "name a shard (\(engine.indexVariable) counts from \(engine.base))")
      }
      return CIShard(
        index: index - engine.base + 1, count: count,
        source: "\(engine.name) (\(engine.indexVariable)=\(indexText), \(countName)=\(countText))")
    }
    return nil
  }

  /// `K/N`.
  var fraction: String { "\(index)/\(count)" }
}
