@testable import CaseStudies
import ComposableTesting
import XCTest

final class FactClientTests: ComposableTestCase {
  func testLiveValueAnswersLocallyAndDeterministically() async throws {
    let live = FactClient.liveValue
    let facts = try await [-3, 0, 1, 2, 4, 7, 9, 91, 97].asyncMap { try await live.fetch($0) }
    XCTAssertEqual(
      facts,
      [
        "-3 is an odd number.",
        "0 is an even number.",
        "1 is an odd number.",
        "2 is a prime number.",
        "4 is an even number.",
        "7 is a prime number.",
        "9 is an odd number.",
        "91 is an odd number.",
        "97 is a prime number.",
      ])
    let again = try await live.fetch(97)
    XCTAssertEqual(again, "97 is a prime number.")
    XCTAssertEqual(FactClient.localFact(about: 97), "97 is a prime number.")
  }

  func testLiveValueIsUsedByALiveStore() async {
    let store = Store(initialState: ScreenA.State(count: 7)) {
      ScreenA()
    } withDependencies: {
      $0.context = .live
    }

    store.send(.factButtonTapped)
    await store.settle()
    XCTAssertEqual(store.state, ScreenA.State(count: 7, fact: "7 is a prime number."))
  }

  func testTestValueIsUnimplemented() async {
    let log = IssueLog()
    await withDependencies {
      $0.issueReporter = log.reporter
    } operation: {
      do {
        _ = try await FactClient.testValue.fetch(1)
        XCTFail("The test value returned a fact.")
      } catch {
        XCTAssertTrue(error is FactClient.Unimplemented, "\(error)")
      }
    }
    XCTAssertEqual(log.messages.count, 1, "\(log.messages)")
  }
}

extension Array {
  fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var result: [T] = []
    for element in self { result.append(try await transform(element)) }
    return result
  }
}
