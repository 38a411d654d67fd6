import Composable
import XCTest

/// Extraction through every enum layout Swift uses, hit and miss, many times over: once a path
/// has seen its case it decides hits and misses from the value's bytes where the layout allows,
/// and these tests pin that down against every other case of each enum.
final class CaseLayoutTests: XCTestCase {
  final class Ref: Equatable {
    let value: Int
    init(_ value: Int) { self.value = value }
    static func == (lhs: Ref, rhs: Ref) -> Bool { lhs === rhs }
  }

  /// Checks `path` on every sample: a hit exactly for `expected`'s non-nil answers.
  ///
  /// Each round extracts through the same path (as a long-lived reducer does) and through a
  /// path built again (as a re-evaluated body does); samples run in several orders, so the
  /// first value a path sees is once a hit and once a miss.
  private func check<Root, Value: Equatable>(
    _ makePath: () -> CasePath<Root, Value>,
    _ samples: [(Root, Value?)],
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    for order in [samples, samples.reversed()] {
      let path = makePath()
      for round in 0..<4 {
        for (index, (root, expected)) in order.enumerated() {
          XCTAssertEqual(
            path.extract(from: root), expected, "round \(round), sample \(index)", file: file,
            line: line)
          XCTAssertEqual(
            makePath().extract(from: root), expected, "fresh path, round \(round)", file: file,
            line: line)
        }
      }
    }
  }

  func testMultiPayloadWithSpareBitsAndEmptyCases() {
    // Class payloads: the case is kept in the pointers' spare bits, empty cases in the payload.
    enum Refs { case a(Ref), b(Ref), c(Ref), d, e, f }
    let (x, y, z) = (Ref(1), Ref(2), Ref(3))
    let all: [Refs] = [.a(x), .b(y), .c(z), .d, .e, .f]
    check({ /Refs.a }, all.map { ($0, { if case .a(let v) = $0 { v } else { nil } }($0)) })
    check({ /Refs.b }, all.map { ($0, { if case .b(let v) = $0 { v } else { nil } }($0)) })
    check({ /Refs.c }, all.map { ($0, { if case .c(let v) = $0 { v } else { nil } }($0)) })
  }

  func testMultiPayloadWithAnExtraTagByte() {
    // Int payloads have no spare bits: the case is in a byte after the payload.
    enum Ints { case a(Int), b(Int), c(UInt8), d, e }
    let all: [Ints] = [.a(-1), .a(0), .b(0), .b(.max), .c(255), .c(0), .d, .e]
    check({ /Ints.a }, all.map { ($0, { if case .a(let v) = $0 { v } else { nil } }($0)) })
    check({ /Ints.b }, all.map { ($0, { if case .b(let v) = $0 { v } else { nil } }($0)) })
    check({ /Ints.c }, all.map { ($0, { if case .c(let v) = $0 { v } else { nil } }($0)) })
  }

  func testStructAndIntPayloadsDecidedByTheLastByte() {
    // As an action enum often is: a struct payload with spare bits (a String's), Int payloads
    // without, so the case is in an extra tag byte at the end, which optimized builds read
    // inline once a path has seen its case.
    struct Profile: Equatable {
      var name: String
      var id: Int
    }
    enum Event { case opened(Profile), closed(Profile), count(Int), offset(Int), ping }
    let long = Profile(name: "a profile with a name too long to be stored inline", id: 7)
    let all: [Event] = [
      .opened(long), .closed(Profile(name: "x", id: -1)), .count(0), .count(.min), .offset(3),
      .ping,
    ]
    check({ /Event.count }, all.map { ($0, { if case .count(let v) = $0 { v } else { nil } }($0)) })
    check(
      { /Event.offset }, all.map { ($0, { if case .offset(let v) = $0 { v } else { nil } }($0)) })
    check(
      { /Event.opened }, all.map { ($0, { if case .opened(let v) = $0 { v } else { nil } }($0)) })
    check(
      { /Event.closed }, all.map { ($0, { if case .closed(let v) = $0 { v } else { nil } }($0)) })
  }

  func testEnumsWhoseConstructorsCompileAlikeKeepTheirOwnCases() {
    // Identical layouts give constructors identical code, which the optimizer may fold into one
    // function, and so one entry of what paths learn: each enum's paths must still answer for
    // their own enum, alternating.
    enum First { case a(Int), b(Int), c }
    enum Second { case a(Int), b(Int), c }
    let firsts: [First] = [.a(1), .b(2), .c]
    let seconds: [Second] = [.b(3), .a(4), .c]
    for _ in 0..<4 {
      for (first, second) in zip(firsts, seconds) {
        XCTAssertEqual(
          (/First.a).extract(from: first), { if case .a(let v) = first { v } else { nil } }())
        XCTAssertEqual(
          (/Second.a).extract(from: second), { if case .a(let v) = second { v } else { nil } }())
        XCTAssertEqual(
          (/First.b).extract(from: first), { if case .b(let v) = first { v } else { nil } }())
        XCTAssertEqual(
          (/Second.b).extract(from: second), { if case .b(let v) = second { v } else { nil } }())
      }
    }
  }

  func testSinglePayloadWithAnExtraTagByte() {
    enum One { case a(Int), b, c }
    let all: [One] = [.a(0), .a(1), .a(-1), .b, .c]
    check({ /One.a }, all.map { ($0, { if case .a(let v) = $0 { v } else { nil } }($0)) })
  }

  func testSinglePayloadWithExtraInhabitants() {
    // The other cases are null and small pointer values: no tag bits to test, so extraction
    // keeps asking the runtime.
    enum OptionalLike { case some(Ref), none, other }
    let ref = Ref(1)
    let all: [OptionalLike] = [.some(ref), .none, .other]
    check(
      { /OptionalLike.some }, all.map { ($0, { if case .some(let v) = $0 { v } else { nil } }($0)) }
    )
    let strings: [String?] = [nil, "", "a string too long to be stored inline", "short"]
    check({ /Optional<String>.some }, strings.map { ($0, $0) })
    let ints: [Int?] = [nil, 0, -1, .max]
    check({ /Optional<Int>.some }, ints.map { ($0, $0) })
    let nested: [Int??] = [nil, .some(nil), .some(.some(0)), .some(.some(7))]
    check({ /Optional<Int?>.some }, nested.map { ($0, $0) })
  }

  func testIndirectCases() {
    indirect enum Expr: Equatable { case num(Int), neg(Expr), pair(Expr, Expr), zero }
    let all: [Expr] = [.num(1), .neg(.num(2)), .pair(.zero, .num(3)), .zero, .num(0)]
    check({ /Expr.num }, all.map { ($0, { if case .num(let v) = $0 { v } else { nil } }($0)) })
    check({ /Expr.neg }, all.map { ($0, { if case .neg(let v) = $0 { v } else { nil } }($0)) })
    for root in all {
      let pair = (/Expr.pair).extract(from: root)
      if case .pair(let l, let r) = root {
        XCTAssertEqual(pair?.0, l)
        XCTAssertEqual(pair?.1, r)
      } else {
        XCTAssertNil(pair)
      }
    }
  }

  func testSmallEnums() {
    // Under 8 bytes: the tag byte follows a one-byte payload, or lives in a Bool's spare bits.
    enum Small { case a(UInt8), b(UInt8), c(Bool), d }
    let small: [Small] = [.a(0), .a(255), .b(1), .c(true), .c(false), .d]
    check({ /Small.a }, small.map { ($0, { if case .a(let v) = $0 { v } else { nil } }($0)) })
    check({ /Small.c }, small.map { ($0, { if case .c(let v) = $0 { v } else { nil } }($0)) })
    enum Bools { case a(Bool), b(Bool), c }
    let bools: [Bools] = [.a(true), .a(false), .b(true), .b(false), .c]
    check({ /Bools.a }, bools.map { ($0, { if case .a(let v) = $0 { v } else { nil } }($0)) })
    check({ /Bools.b }, bools.map { ($0, { if case .b(let v) = $0 { v } else { nil } }($0)) })
  }

  func testMixedPayloadsAndGenericEnums() {
    enum Mixed { case s(String), r(Ref), t(Int8), u(Double), none }
    let ref = Ref(1)
    let mixed: [Mixed] = [
      .s("a string too long to be stored inline"), .s(""), .r(ref), .t(-1), .u(.nan), .u(0),
      .none,
    ]
    check({ /Mixed.s }, mixed.map { ($0, { if case .s(let v) = $0 { v } else { nil } }($0)) })
    check({ /Mixed.r }, mixed.map { ($0, { if case .r(let v) = $0 { v } else { nil } }($0)) })
    check({ /Mixed.t }, mixed.map { ($0, { if case .t(let v) = $0 { v } else { nil } }($0)) })
    enum Either<L, R> { case left(L), right(R), neither }
    let either: [Either<Int, String>] = [.left(1), .right("r"), .neither, .left(0)]
    check(
      { /Either<Int, String>.left },
      either.map { ($0, { if case .left(let v) = $0 { v } else { nil } }($0)) })
    check(
      { /Either<Int, String>.right },
      either.map { ($0, { if case .right(let v) = $0 { v } else { nil } }($0)) })
  }

  func testLargePayloadsAndNestedEnums() {
    struct Big: Equatable { var a = 0, b = 1, c = 2, d = 3, e = 4, f = 5, g = 6, h = 7, i = 8 }
    enum Large { case big(Big), small(Int), none }
    let large: [Large] = [.big(Big()), .big(Big(a: 9)), .small(1), .none]
    check({ /Large.big }, large.map { ($0, { if case .big(let v) = $0 { v } else { nil } }($0)) })
    check(
      { /Large.small }, large.map { ($0, { if case .small(let v) = $0 { v } else { nil } }($0)) })
    enum Inner: Equatable { case x(Int), y(String), z }
    enum Outer { case inner(Inner), other(Inner), flag(Bool), end }
    let outer: [Outer] = [
      .inner(.x(1)), .inner(.z), .other(.y("y")), .other(.z), .flag(true), .end,
    ]
    check(
      { /Outer.inner }, outer.map { ($0, { if case .inner(let v) = $0 { v } else { nil } }($0)) })
    check(
      { /Outer.other }, outer.map { ($0, { if case .other(let v) = $0 { v } else { nil } }($0)) })
  }

  func testClassPayloadsAreNotLeakedOrOverReleased() {
    enum Refs { case a(Ref), b(Ref), none }
    weak var weakRef: Ref?
    do {
      let ref = Ref(1)
      weakRef = ref
      let path: CasePath<Refs, Ref> = /Refs.b
      for _ in 0..<100 {
        XCTAssertTrue(path.extract(from: .b(ref)) === ref)
        XCTAssertNil(path.extract(from: .a(ref)))
        XCTAssertNil(path.extract(from: .none))
      }
    }
    XCTAssertNil(weakRef)
  }
}
