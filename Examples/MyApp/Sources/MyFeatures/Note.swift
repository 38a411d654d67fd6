import Foundation

/// A note: a title and a body.
public struct Note: Equatable, Identifiable, Sendable {
  /// The note's identity.
  public let id: UUID
  /// What the list shows.
  public var title: String
  /// The note's text.
  public var body = ""

  /// Creates a note.
  public init(id: UUID, title: String, body: String = "") {
    self.id = id
    self.title = title
    self.body = body
  }
}
