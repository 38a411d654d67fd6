// A @DependencyClient endpoint called through the macro's method against a plain closure.

import ComposableArchitecture

/// A client as apps declare one: a labeled endpoint the macro gives a method.
@DependencyClient
struct LookupClient {
  var lookup: @Sendable (_ id: Int) -> Int = { _ in 0 }
}

/// The same closure in a plain struct.
struct PlainLookup {
  var lookup: @Sendable (Int) -> Int
}

/// One call through the macro's labeled method.
@inline(never)
func callEndpoint(_ client: LookupClient, _ id: Int) -> Int { client.lookup(id: id) }

/// One call of the plain closure.
@inline(never)
func callClosure(_ plain: PlainLookup, _ id: Int) -> Int { plain.lookup(id) }

extension FamilyBenchmark {
  static func endpointFigure(settings: MeasureSettings, including: (String) -> Bool) -> Figure? {
    let name = "@DependencyClient endpoint call"
    guard including(name) else { return nil }
    let body: @Sendable (Int) -> Int = { $0 &* 3 &+ 1 }
    let client = LookupClient(lookup: body)
    let plain = PlainLookup(lookup: body)
    return compare(
      name,
      measured: BenchOperation(label: "client.lookup(id:)") { n in
        var sum = 0
        for i in 0..<n { sum &+= callEndpoint(client, i) }
        return sum
      },
      floor: BenchOperation(label: "plain closure") { n in
        var sum = 0
        for i in 0..<n { sum &+= callClosure(plain, i) }
        return sum
      },
      goal: endpointGoal, settings: settings)
  }
}
