// The same shapes twice: plain types (no Codable anywhere) and Codable twins, so a test can check
// that reflection encodes and builds exactly what Codable does.

import Composable
import Foundation

enum Plain {
  struct Item: Equatable, Identifiable {
    let id: Int
    var title: String
  }

  struct Inner: Equatable {
    var a: Int
    var note: String?
  }

  enum Choice: Equatable {
    case none
    case one(Int)
    case labeled(id: Int)
    case two(Int, String)
    case pair(name: String, count: Int)
    case inner(Inner)
  }

  struct Sample: Equatable {
    var count = 0
    var name = "Blob"
    var flag = false
    var ratio = 0.5
    var maybe: Int?
    var id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    var list: [Int] = [1, 2]
    var inner = Inner(a: 1)
    var choice = Choice.none
    var choices: [Choice] = [.one(1), .labeled(id: 2), .two(3, "x"), .pair(name: "n", count: 4)]
    var stack = StackState<Choice>()
    var items: IdentifiedArrayOf<Item> = []
    var presented = PresentationState<Inner>(wrappedValue: nil)
    @PresentationState var sheet: Inner?
  }
}

enum Coded {
  struct Item: Codable, Equatable, Identifiable {
    let id: Int
    var title: String
  }

  struct Inner: Codable, Equatable {
    var a: Int
    var note: String?
  }

  enum Choice: Codable, Equatable {
    case none
    case one(Int)
    case labeled(id: Int)
    case two(Int, String)
    case pair(name: String, count: Int)
    case inner(Inner)
  }

  struct Sample: Codable, Equatable {
    var count = 0
    var name = "Blob"
    var flag = false
    var ratio = 0.5
    var maybe: Int?
    var id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    var list: [Int] = [1, 2]
    var inner = Inner(a: 1)
    var choice = Choice.none
    var choices: [Choice] = [.one(1), .labeled(id: 2), .two(3, "x"), .pair(name: "n", count: 4)]
    var stack = StackState<Choice>()
    var items: IdentifiedArrayOf<Item> = []
    var presented = PresentationState<Inner>(wrappedValue: nil)
    @PresentationState var sheet: Inner?
  }
}
