// `import Tagged` as TCA's examples use it: ids of one model that cannot be mixed up with
// another's, coded as their raw value, and a fresh UUID id from `init()`.

import Foundation
import Tagged
import Testing

private struct Attendee: Codable, Equatable, Identifiable {
  let id: Tagged<Self, UUID>
  var name: String
}

private struct Meeting: Identifiable {
  let id: Tagged<Self, Int>
}

@Test func taggedIdsCodeAsTheirRawValue() throws {
  let uuid = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
  let attendee = Attendee(id: Attendee.ID(uuid), name: "Blob")
  let json = String(decoding: try JSONEncoder().encode(attendee), as: UTF8.self)
  #expect(json.contains("\"id\":\"00000000-0000-0000-0000-00000000000A\""))
  #expect(try JSONDecoder().decode(Attendee.self, from: Data(json.utf8)) == attendee)
}

@Test func taggedIdsHaveTheirRawValuesAbilities() {
  #expect(Attendee.ID() != Attendee.ID())
  let first: Meeting.ID = 1
  let second = Meeting.ID(rawValue: 2)
  #expect(first < second)
  #expect(first + second == 3)
  #expect(second.description == "2")
  let text = "7"
  #expect(Meeting.ID(text) == 7)
  #expect(second.map { $0 * 10 }.rawValue == 20)
}

@Test func aTaggedUUIDIsReadFromItsString() {
  let id = Attendee.ID(uuidString: "00000000-0000-0000-0000-00000000000B")
  #expect(id?.rawValue.uuidString == "00000000-0000-0000-0000-00000000000B")
  #expect(Attendee.ID(uuidString: "not a uuid") == nil)
}
