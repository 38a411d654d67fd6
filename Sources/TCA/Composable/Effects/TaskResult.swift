// TaskResult: the result of async work that may throw, as an Equatable, Codable action payload.

/// The result of async work that may throw, as an action payload: like `Result`, but `Equatable`
/// when its success is, comparing errors by type and description.
public enum TaskResult<Success: Sendable>: Sendable {
  /// The work produced a value.
  case success(Success)
  /// The work threw.
  case failure(any Error)

  /// Runs `body` and captures its value or error, as in `.init { try await client.fetch() }`.
  public init(catching body: @Sendable () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }

  /// Captures a `Result`.
  public init<Failure: Error>(_ result: Result<Success, Failure>) {
    switch result {
    case .success(let value): self = .success(value)
    case .failure(let error): self = .failure(error)
    }
  }

  /// Returns the value, or throws the error.
  public var value: Success {
    get throws {
      switch self {
      case .success(let value): return value
      case .failure(let error): throw error
      }
    }
  }

  /// Returns a result whose value is transformed by `transform`.
  public func map<NewSuccess>(_ transform: (Success) -> NewSuccess) -> TaskResult<NewSuccess> {
    switch self {
    case .success(let value): return .success(transform(value))
    case .failure(let error): return .failure(error)
    }
  }
}

extension TaskResult: Equatable where Success: Equatable {
  /// Compares successes by value and failures by the errors' types and descriptions.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.success(let l), .success(let r)): return l == r
    case (.failure(let l), .failure(let r)):
      if let equal = isEqualAny(l, r) { return equal }
      return type(of: l) == type(of: r) && String(reflecting: l) == String(reflecting: r)
    default: return false
    }
  }
}

extension TaskResult: Hashable where Success: Hashable {
  /// Hashes successes by value and failures by the error's type and description.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .success(let value):
      hasher.combine(0)
      hasher.combine(value)
    case .failure(let error):
      hasher.combine(1)
      hasher.combine(String(reflecting: error))
    }
  }
}

/// Returns whether `lhs` and `rhs` are equal values of one `Equatable` type, or `nil` when they
/// are not both of one such type.
func isEqualAny(_ lhs: Any, _ rhs: Any) -> Bool? {
  guard let lhs = lhs as? any Equatable else { return nil }
  func compare<E: Equatable>(_ lhs: E) -> Bool? {
    guard let rhs = rhs as? E else { return nil }
    return lhs == rhs
  }
  return compare(lhs)
}

/// The error a decoded ``TaskResult/failure(_:)`` holds: the original error's description.
public struct TaskResultFailure: Error, Equatable, Hashable, Sendable, Codable,
  CustomStringConvertible
{
  /// What the original error said.
  public var description: String

  /// Creates the error with `description`.
  public init(_ description: String) { self.description = description }
}

extension TaskResult: Codable where Success: Codable {
  private enum CodingKeys: String, CodingKey { case success, failure }

  /// Decodes `{"success": value}` or `{"failure": "description"}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if container.contains(.success) {
      self = .success(try container.decode(Success.self, forKey: .success))
    } else {
      self = .failure(TaskResultFailure(try container.decode(String.self, forKey: .failure)))
    }
  }

  /// Encodes `{"success": value}` or `{"failure": "description"}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .success(let value): try container.encode(value, forKey: .success)
    case .failure(let error): try container.encode(String(describing: error), forKey: .failure)
    }
  }
}
