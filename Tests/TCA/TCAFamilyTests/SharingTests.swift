// `import Sharing` as apps use swift-sharing: one value behind every copy of a `@Shared`, changed
// with `withLock`, projected into fields and rows, kept by `.inMemory`, `.fileStorage` and
// `.appStorage` keys, and keys with defaults.

import Foundation
import Sharing
import Testing

private struct Profile: Codable, Equatable, Identifiable, Sendable {
  var id: Int
  var name: String
  var tags: [String] = []
}

private enum Theme: String, Sendable { case light, dark }

extension SharedKey where Self == InMemoryKey<Int>.Default {
  fileprivate static var launches: Self { Self[.inMemory("launches"), default: 7] }
}

@Test func copiesOfASharedValueAreOneValue() {
  @Shared(value: 1) var count: Int
  let copy = $count
  copy.withLock { $0 += 41 }
  #expect(count == 42)
  #expect($count == copy)
  #expect($count.description == "Shared<Int>(value: 42)")
}

@Test func projectionsReachIntoFieldsAndRows() throws {
  @Shared(value: [Profile(id: 1, name: "Blob")]) var profiles: IdentifiedArrayOf<Profile>
  let name = $profiles[id: 1]
  let row = try #require(Shared(name))
  row.name.withLock { $0 = "Blob Jr." }
  #expect(profiles[id: 1]?.name == "Blob Jr.")
  let tagCount: SharedReader<Int> = row.tags.count
  row.tags.withLock { $0.append("admin") }
  #expect(tagCount.wrappedValue == 1)
  // A row read after it left the collection keeps its last value instead of trapping.
  $profiles.withLock { $0.removeAll() }
  #expect(row.wrappedValue.name == "Blob Jr.")
  #expect(Shared($profiles[id: 1]) == nil)
  $profiles.withLock { $0.append(Profile(id: 2, name: "Two")) }
  #expect(Array($profiles).map(\.wrappedValue.name) == ["Two"])
}

@Test func twoDeclarationsOfAnInMemoryKeyShareTheValueAndTheFirstValueWins() {
  withDependencies {
    $0.defaultInMemoryStorage = InMemoryStorage()
  } operation: {
    @Shared(.inMemory("count")) var first = 1
    @Shared(.inMemory("count")) var second = 100
    #expect(second == 1)
    $second.withLock { $0 = 5 }
    #expect(first == 5)
  }
}

@Test func anInMemoryValueOutlivesItsReferencesButNotItsStorage() {
  let storage = InMemoryStorage()
  withDependencies {
    $0.defaultInMemoryStorage = storage
  } operation: {
    do {
      @Shared(.inMemory("visits")) var visits = 0
      $visits.withLock { $0 = 3 }
    }
    @Shared(.inMemory("visits")) var again = 0
    #expect(again == 3)
  }
  withDependencies {
    $0.defaultInMemoryStorage = InMemoryStorage()
  } operation: {
    @Shared(.inMemory("visits")) var elsewhere = 0
    #expect(elsewhere == 0)
  }
}

@Test func aKeyWithADefaultNeedsNoValueAtTheUseSite() {
  withDependencies {
    $0.defaultInMemoryStorage = InMemoryStorage()
  } operation: {
    @Shared(.launches) var launches
    #expect(launches == 7)
    @SharedReader(.launches) var reader
    $launches.withLock { $0 += 1 }
    #expect(reader == 8)
  }
}

@Test func fileStorageInMemoryIsReadBackByTheNextReference() {
  let url = URL(fileURLWithPath: "/profiles/me.json")
  withDependencies {
    $0.defaultFileStorage = .inMemory
  } operation: {
    do {
      @Shared(.fileStorage(url)) var me = Profile(id: 1, name: "Blob")
      $me.withLock { $0.name = "Blob Sr." }
    }
    @Shared(.fileStorage(url)) var me = Profile(id: 0, name: "nobody")
    #expect(me == Profile(id: 1, name: "Blob Sr."))
    #expect($me.loadError == nil)
  }
}

@Test func aCorruptFileIsReportedAndLeftUntilANewValueIsSet() throws {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("navd-sharing-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let url = directory.appendingPathComponent("profile.json")
  let corrupt = Data("{\"id\": 1, \"na".utf8)
  try corrupt.write(to: url)
  withDependencies {
    $0.defaultFileStorage = .fileSystem
  } operation: {
    withKnownIssue {
      @Shared(.fileStorage(url)) var profile = Profile(id: 0, name: "default")
      #expect(profile.name == "default")
      #expect($profile.loadError != nil)
      FileStorage.flush()
      #expect((try? Data(contentsOf: url)) == corrupt)
      $profile.withLock { $0.name = "fixed" }
      FileStorage.flush()
      let saved = try? JSONDecoder().decode(Profile.self, from: Data(contentsOf: url))
      #expect(saved?.name == "fixed")
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains("cannot be decoded")
    }
  }
}

@Test func fileStorageWritesTheNewestValueToDisk() throws {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("navd-sharing-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: directory) }
  let url = directory.appendingPathComponent("nested/counter.json")
  withDependencies {
    $0.defaultFileStorage = .fileSystem
  } operation: {
    @Shared(.fileStorage(url)) var counter = 0
    for _ in 0..<200 { $counter.withLock { $0 += 1 } }
    FileStorage.flush()
  }
  let saved = try JSONDecoder().decode(Int.self, from: Data(contentsOf: url))
  #expect(saved == 200)
}

@Test func appStorageKeepsValuesInUserDefaults() {
  let defaults = UserDefaults.inMemory
  withDependencies {
    $0.defaultAppStorage = defaults
  } operation: {
    @Shared(.appStorage("isOn")) var isOn = false
    @Shared(.appStorage("theme")) var theme = Theme.light
    @Shared(.appStorage("nickname")) var nickname: String?
    $isOn.withLock { $0 = true }
    $theme.withLock { $0 = .dark }
    $nickname.withLock { $0 = "blob" }
    #expect(defaults.bool(forKey: "isOn"))
    #expect(defaults.string(forKey: "theme") == "dark")
    $nickname.withLock { $0 = nil }
    #expect(defaults.object(forKey: "nickname") == nil)
  }
  withDependencies {
    $0.defaultAppStorage = defaults
  } operation: {
    @SharedReader(.appStorage("theme")) var theme = Theme.light
    #expect(theme == .dark)
  }
}

@Test func aReaderSeesTheValueButCannotChangeIt() {
  @Shared(value: Profile(id: 1, name: "Blob")) var profile
  let name = SharedReader($profile).name
  $profile.withLock { $0.name = "Blob Esq." }
  #expect(name.wrappedValue == "Blob Esq.")
}

@Test func aWithLockBodyMayReadAProjectionOfTheSameValue() throws {
  @Shared(value: [Profile(id: 1, name: "Blob"), Profile(id: 2, name: "Two")])
  var profiles: IdentifiedArrayOf<Profile>
  let first = try #require(Shared($profiles[id: 1]))
  $profiles.withLock { _ = $0.remove(id: first.id) }
  #expect(profiles.ids == [2])
}
