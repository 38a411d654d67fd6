// `URLSession.bytes(from:)` on Linux, where swift-corelibs-foundation lacks it: the bytes of a
// response as an async sequence, as TCA apps' download clients read them.

#if !canImport(Darwin)
  import Foundation
  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  extension URLSession {
    /// The bytes at `url` as an async sequence, with the response.
    ///
    /// As Foundation on Apple platforms gives them; on Linux the body is fetched whole first,
    /// then handed out a byte at a time.
    public func bytes(from url: URL) async throws -> (AsyncBytes, URLResponse) {
      try await bytes(for: URLRequest(url: url))
    }

    /// The bytes `request` answers with as an async sequence, with the response.
    public func bytes(for request: URLRequest) async throws -> (AsyncBytes, URLResponse) {
      let (data, response) = try await data(for: request)
      return (AsyncBytes(data: data), response)
    }

    /// The bytes of a response, as an async sequence.
    public struct AsyncBytes: AsyncSequence, Sendable {
      /// A byte.
      public typealias Element = UInt8

      let data: Data

      /// An iterator over the bytes.
      public struct AsyncIterator: AsyncIteratorProtocol {
        var index: Data.Index
        let data: Data

        /// The next byte, or `nil` at the end; throws when the task is cancelled.
        public mutating func next() async throws -> UInt8? {
          try Task.checkCancellation()
          guard index < data.endIndex else { return nil }
          defer { index = data.index(after: index) }
          return data[index]
        }
      }

      /// An iterator from the first byte.
      public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(index: data.startIndex, data: data)
      }

      /// The body as lines of text.
      public var lines: AsyncThrowingStream<String, any Error> {
        let text = String(decoding: data, as: UTF8.self)
        return AsyncThrowingStream { continuation in
          for line in text.split(separator: "\n", omittingEmptySubsequences: false)
          where !line.isEmpty {
            continuation.yield(String(line))
          }
          continuation.finish()
        }
      }
    }
  }
#endif
