import NavTransport
import XCTest

final class LineFramerTests: XCTestCase {
  private func lines(_ framer: inout LineFramer) throws -> [String] {
    var lines: [String] = []
    while let line = try framer.nextLine() { lines.append(String(decoding: line, as: UTF8.self)) }
    return lines
  }

  func testManyLinesInOneChunk() throws {
    var framer = LineFramer(maximumLineLength: 100)
    framer.append(Array("one\ntwo\n\nthree\nfour".utf8))
    XCTAssertEqual(try lines(&framer), ["one", "two", "", "three"])
    XCTAssertEqual(framer.bufferedByteCount, 4)
    framer.append(Array("\n".utf8))
    XCTAssertEqual(try lines(&framer), ["four"])
    XCTAssertEqual(framer.bufferedByteCount, 0)
    XCTAssertNil(try framer.nextLine())
  }

  func testLineSplitAcrossChunks() throws {
    var framer = LineFramer(maximumLineLength: 100)
    var received: [String] = []
    for byte in #"{"jsonrpc":"2.0"}"#.utf8 + [0x0A] + "é\n".utf8 {
      framer.append([byte])
      received += try lines(&framer)
    }
    XCTAssertEqual(received, [#"{"jsonrpc":"2.0"}"#, "é"])
  }

  func testCarriageReturnLineFeed() throws {
    var framer = LineFramer(maximumLineLength: 100)
    framer.append(Array("a\r\nb\r".utf8))
    XCTAssertEqual(try lines(&framer), ["a"])
    framer.append(Array("\n\r\r\nc\rd\n".utf8))
    XCTAssertEqual(try lines(&framer), ["b", "\r", "c\rd"], "only a \\r before \\n is dropped")
  }

  func testLineOfExactlyTheMaximumIsAccepted() throws {
    var framer = LineFramer(maximumLineLength: 5)
    framer.append(Array("12345\n12345\r\n".utf8))
    XCTAssertEqual(try lines(&framer), ["12345", "12345"])
  }

  func testOversizeLineWithNewlineIsAnErrorAfterTheLinesBeforeIt() throws {
    var framer = LineFramer(maximumLineLength: 5)
    framer.append(Array("ok\n123456\nlater\n".utf8))
    XCTAssertEqual(try framer.nextLine(), Array("ok".utf8))
    XCTAssertThrowsError(try framer.nextLine()) { error in
      XCTAssertEqual(error as? LineFramerError, .lineTooLong(maximumLength: 5))
    }
    XCTAssertTrue(framer.hasFailed)
    XCTAssertThrowsError(try framer.nextLine(), "the error is sticky")
    framer.append(Array("more\n".utf8))
    XCTAssertThrowsError(try framer.nextLine())
    XCTAssertEqual(framer.bufferedByteCount, 0)
  }

  func testOversizeLineWithoutNewlineIsNotBufferedUnboundedly() throws {
    var framer = LineFramer(maximumLineLength: 1000)
    framer.append(Array("first\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 600))
    XCTAssertEqual(try framer.nextLine(), Array("first".utf8))
    XCTAssertNil(try framer.nextLine(), "600 bytes is within the limit so far")
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
    for _ in 0..<100 {
      framer.append(chunk)
      XCTAssertLessThanOrEqual(framer.bufferedByteCount, 1002)
    }
    XCTAssertThrowsError(try framer.nextLine()) { error in
      XCTAssertEqual(error as? LineFramerError, .lineTooLong(maximumLength: 1000))
      XCTAssertEqual(
        (error as? LineFramerError)?.description,
        "A message is longer than the limit of 1000 bytes.")
    }
  }

  func testOversizeDetectedOnlyWhenNextLineIsCalledAfterCompleteLines() throws {
    var framer = LineFramer(maximumLineLength: 4)
    framer.append(Array("ab\ncd\nefghijklmnop".utf8))
    XCTAssertEqual(
      framer.bufferedByteCount, 12, "the unfinished line is cut at the limit plus slack")
    XCTAssertEqual(try framer.nextLine(), Array("ab".utf8))
    XCTAssertEqual(try framer.nextLine(), Array("cd".utf8))
    XCTAssertThrowsError(try framer.nextLine())
  }

  func testManyLinesInOddChunksWithCompaction() throws {
    var text: [UInt8] = []
    var expected: [String] = []
    for index in 0..<5000 {
      let line = #"{"id":\#(index),"method":"store.send"}"#
      expected.append(line)
      text += line.utf8
      text += index % 2 == 0 ? [0x0A] : [0x0D, 0x0A]
    }
    var framer = LineFramer(maximumLineLength: 64)
    var received: [String] = []
    var offset = 0
    var size = 1
    while offset < text.count {
      let end = min(text.count, offset + size)
      framer.append(text[offset..<end])
      received += try lines(&framer)
      offset = end
      size = size % 977 + 13
    }
    XCTAssertEqual(received, expected)
    XCTAssertEqual(framer.bufferedByteCount, 0)
  }

  func testRawBufferInput() throws {
    var framer = LineFramer(maximumLineLength: 10)
    Array("x\ny\n".utf8).withUnsafeBytes { framer.append($0) }
    XCTAssertEqual(try lines(&framer), ["x", "y"])
  }

  /// `stream` cut into chunks of `sizes`, cycled, the last one shorter.
  private func chunks(_ stream: [UInt8], sizes: [Int]) -> [[UInt8]] {
    var chunks: [[UInt8]] = []
    var offset = 0
    while offset < stream.count {
      let size = min(sizes[chunks.count % sizes.count], stream.count - offset)
      chunks.append(Array(stream[offset..<(offset + size)]))
      offset += size
    }
    return chunks
  }

  /// What `takeLines(from:)` yields for `stream` cut into chunks of `sizes`: the lines, and
  /// whether it threw.
  private func takenLines(_ stream: [UInt8], chunks sizes: [Int], limit: Int) -> ([String], Bool) {
    var framer = LineFramer(maximumLineLength: limit)
    var lines: [String] = []
    for chunk in chunks(stream, sizes: sizes) {
      do {
        try chunk.withUnsafeBufferPointer { bytes in
          try framer.takeLines(from: bytes) { line in
            lines.append(String(decoding: line, as: UTF8.self))
            return true
          }
        }
      } catch {
        return (lines, true)
      }
    }
    return (lines, false)
  }

  /// The same for `append` then `nextLine()` until `nil`.
  private func appendedLines(_ stream: [UInt8], chunks sizes: [Int], limit: Int) -> ([String], Bool)
  {
    var framer = LineFramer(maximumLineLength: limit)
    var lines: [String] = []
    for chunk in chunks(stream, sizes: sizes) {
      framer.append(chunk)
      do {
        while let line = try framer.nextLine() {
          lines.append(String(decoding: line, as: UTF8.self))
        }
      } catch {
        return (lines, true)
      }
    }
    return (lines, false)
  }

  func testTakingLinesInPlaceYieldsWhatBufferingYields() {
    let streams = [
      "a\nbb\r\n\nccc\n",
      "{\"id\":1}\n{\"id\":2}\n{\"id\":3}\npartial",
      "short\n" + String(repeating: "x", count: 40) + "\nafter\n",
      String(repeating: "y", count: 40),
      "ok\r\n" + String(repeating: "z", count: 21) + "\r\nend\n",
      "exactly twenty bytes\n" + "exactly twenty bytes\r\n",
    ]
    for stream in streams {
      for sizes in [[1], [2, 3], [5], [7, 1, 13], [64], [1000]] {
        let bytes = Array(stream.utf8)
        let taken = takenLines(bytes, chunks: sizes, limit: 20)
        let appended = appendedLines(bytes, chunks: sizes, limit: 20)
        XCTAssertEqual(taken.0, appended.0, "\(stream.debugDescription) in chunks \(sizes)")
        XCTAssertEqual(taken.1, appended.1, "\(stream.debugDescription) in chunks \(sizes)")
      }
    }
  }

  func testTakingLinesStopsWhenTheCallerSaysSo() throws {
    var framer = LineFramer(maximumLineLength: 100)
    var seen: [String] = []
    try Array("one\ntwo\nthree\n".utf8).withUnsafeBufferPointer { bytes in
      try framer.takeLines(from: bytes) { line in
        seen.append(String(decoding: line, as: UTF8.self))
        return seen.count < 2
      }
    }
    XCTAssertEqual(seen, ["one", "two"])
  }
}
