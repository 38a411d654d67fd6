import ComposableArchitecture
import Foundation

// Seeds 001 and 003: the contact the tutorial's features list and add.
struct Contact: Equatable, Identifiable {
  let id: UUID
  var name: String
}
