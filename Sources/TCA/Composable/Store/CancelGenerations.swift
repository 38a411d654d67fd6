// CancelGenerations: how often each token was cancelled, for the effect tasks that compare.

import Foundation

/// How many times each cancel token was cancelled, kept only for the tokens a running effect
/// task still watches.
///
/// A concatenated effect starts its later parts inside a task, after its earlier parts finish.
/// A part marked cancellable must not run when its token was cancelled after the effect started,
/// so the task remembers each token's count when it started and compares it when the part
/// begins. Only the tokens of cancellable parts inside such an effect are ever compared, and only
/// while its task runs: the table keeps a count for a token while some task watches it, and
/// forgets it when the last one finishes. Its size is bounded by the effects running, not by how
/// many tokens were ever cancelled (every pushed and popped screen cancels several).
///
/// Not thread-safe: the store touches it under its lock.
struct CancelGenerations {
  private struct Entry {
    var generation: UInt64
    var watchers: Int
  }

  private var entries: [CancelToken: Entry] = [:]

  /// How many tokens the table keeps a count for.
  var count: Int { entries.count }

  /// Starts watching `tokens` for one effect task; returns each one's count now.
  mutating func watch(_ tokens: Set<CancelToken>) -> [CancelToken: UInt64] {
    var snapshot: [CancelToken: UInt64] = [:]
    snapshot.reserveCapacity(tokens.count)
    for token in tokens {
      let generation = entries[token, default: Entry(generation: 0, watchers: 0)].generation
      entries[token, default: Entry(generation: 0, watchers: 0)].watchers += 1
      snapshot[token] = generation
    }
    return snapshot
  }

  /// Stops watching `tokens` for one effect task, forgetting those no task watches any more.
  mutating func unwatch(_ tokens: Set<CancelToken>) {
    for token in tokens {
      guard var entry = entries[token] else { continue }
      entry.watchers -= 1
      entries[token] = entry.watchers > 0 ? entry : nil
    }
  }

  /// Counts a cancellation of `token`, when a task watches it (otherwise nobody compares it).
  mutating func cancelled(_ token: CancelToken) {
    entries[token]?.generation &+= 1
  }

  /// The count of `token`, when a task watches it.
  func generation(of token: CancelToken) -> UInt64? { entries[token]?.generation }
}

extension Effect {
  /// The tokens of every part marked cancellable inside the effect: the ones a task running it
  /// part after part must compare.
  var cancellableTokens: Set<CancelToken> {
    var tokens: Set<CancelToken> = []
    collectCancellableTokens(into: &tokens)
    return tokens
  }

  private func collectCancellableTokens(into tokens: inout Set<CancelToken>) {
    switch operation {
    case .none, .send, .run, .cancel, .cancelNavigation:
      return
    case .merge(let effects), .concatenate(let effects):
      for effect in effects { effect.collectCancellableTokens(into: &tokens) }
    case .cancellable(let token, _, let inner):
      tokens.insert(token)
      inner.collectCancellableTokens(into: &tokens)
    case .untracked(let inner):
      inner.collectCancellableTokens(into: &tokens)
    case .listen(let path, _):
      for token in DismissalListener<Action>.tokens(at: path, under: []) { tokens.insert(token) }
    }
  }
}

/// The cancellation counts an effect task saw when it started, updated by its own cancels.
final class CancelSnapshot: @unchecked Sendable {
  private let lock = NSLock()
  private var generations: [CancelToken: UInt64]

  init(_ generations: [CancelToken: UInt64]) { self.generations = generations }

  func generation(of token: CancelToken) -> UInt64? { lock.withLock { generations[token] } }

  func record(_ token: CancelToken, _ generation: UInt64?) {
    lock.withLock { generations[token] = generation }
  }
}
