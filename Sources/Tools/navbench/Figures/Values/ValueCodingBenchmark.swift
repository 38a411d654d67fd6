// The value-model figures: a feature's state encoded and built through reflection, against the
// same state through its Codable twin.

import Composable
import Foundation
import NavHosting
import NavValue

// A contacts-like state twice, one without Codable and one with: 20 contacts in an identified
// array, a presented sheet, and a stack of two screens, the shapes a feature's state is made of.

enum ValueCodingBenchmark {
  /// The name of the encoding figure.
  static let encodeFigureName = "State → value model: reflection vs Encodable"
  /// The name of the building figure.
  static let buildFigureName = "Value model → state: fields set by metadata vs Decodable"

  static func figures(settings: MeasureSettings, including: (String) -> Bool) -> [Figure] {
    var figures: [Figure] = []
    let (plain, coded) = states()
    if including(encodeFigureName) {
      let reflected = BenchOperation(label: "reflection") { n in
        var total = 0
        for _ in 0..<n { total &+= size(try! ValueModel.encodeAny(plain)) }
        return total
      }
      let encodable = BenchOperation(label: "Encodable") { n in
        var total = 0
        for _ in 0..<n { total &+= size(try! ValueModel.encode(coded)) }
        return total
      }
      let (left, right) = (try? ValueModel.encodeAny(plain), try? ValueModel.encode(coded))
      guard left == right else {
        fatalError(
          "navbench: the reflected and Codable encodings differ: \(String(describing: left)), "
            + "\(String(describing: right))")
      }
      figures.append(
        compare(
          encodeFigureName, measured: reflected, floor: encodable, goal: nil, settings: settings))
    }
    if including(buildFigureName) {
      let encoded = try! ValueModel.encode(coded)
      let empty = PlainNotes()
      let reflected = BenchOperation(label: "metadata") { n in
        var total = 0
        for _ in 0..<n {
          let built = withDependencies {
            $0.stackElementID = StackElementIDGenerator()
          } operation: {
            try! ValueModel.build(PlainNotes.self, from: encoded, over: empty)
          }
          total &+= built.notes.count
        }
        return total
      }
      let decodable = BenchOperation(label: "Decodable") { n in
        var total = 0
        for _ in 0..<n {
          let built = withDependencies {
            $0.stackElementID = StackElementIDGenerator()
          } operation: {
            try! ValueModel.decode(CodedNotes.self, from: encoded, what: "state")
          }
          total &+= built.notes.count
        }
        return total
      }
      figures.append(
        compare(
          buildFigureName, measured: reflected, floor: decodable, goal: nil, settings: settings))
    }
    return figures
  }

  /// A rough size of an encoded value, so the encoding cannot be dropped.
  private static func size(_ value: DataValue) -> Int {
    if case .object(let fields) = value { return fields.count }
    return 1
  }

  private static func states() -> (PlainNotes, CodedNotes) {
    withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      var plain = PlainNotes()
      var coded = CodedNotes()
      for index in 0..<20 {
        let id = UUID(index)
        plain.notes.append(PlainNotes.Note(id: id, title: "Note \(index)", done: index % 3 == 0))
        coded.notes.append(CodedNotes.Note(id: id, title: "Note \(index)", done: index % 3 == 0))
      }
      plain.sheet = .editor(PlainNotes.Note(id: UUID(99), title: "Draft", done: false))
      coded.sheet = .editor(CodedNotes.Note(id: UUID(99), title: "Draft", done: false))
      // Each stack from its own generator, so both get the ids 0 and 1.
      withDependencies {
        $0.stackElementID = StackElementIDGenerator()
      } operation: {
        plain.path.append(.detail(id: UUID(1)))
        plain.path.append(.settings)
      }
      withDependencies {
        $0.stackElementID = StackElementIDGenerator()
      } operation: {
        coded.path.append(.detail(id: UUID(1)))
        coded.path.append(.settings)
      }
      return (plain, coded)
    }
  }
}

/// The state without Codable.
struct PlainNotes: Equatable {
  struct Note: Equatable, Identifiable {
    let id: UUID
    var title: String
    var done: Bool
  }
  enum Sheet: Equatable {
    case editor(Note)
    case confirm(id: UUID)
  }
  enum Screen: Equatable {
    case detail(id: UUID)
    case settings
  }
  var notes: IdentifiedArrayOf<Note> = []
  @PresentationState var sheet: Sheet?
  var path = StackState<Screen>()
  var filter = ""
}

/// The same state with Codable.
struct CodedNotes: Codable, Equatable {
  struct Note: Codable, Equatable, Identifiable {
    let id: UUID
    var title: String
    var done: Bool
  }
  enum Sheet: Codable, Equatable {
    case editor(Note)
    case confirm(id: UUID)
  }
  enum Screen: Codable, Equatable {
    case detail(id: UUID)
    case settings
  }
  var notes: IdentifiedArrayOf<Note> = []
  @PresentationState var sheet: Sheet?
  var path = StackState<Screen>()
  var filter = ""
}
