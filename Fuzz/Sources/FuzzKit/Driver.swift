// Running a harness: libFuzzer's driver, and the seed files a harness can write for its corpus.

import FuzzDriver

#if canImport(Glibc)
  import Glibc
#endif

/// A harness's test function, called with each input libFuzzer makes.
public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>, Int) -> CInt

/// Runs libFuzzer on `test` with the process's command line, and exits with its status.
///
/// `harness --write-seeds DIRECTORY` writes `seeds()` there instead (one file per seed, named
/// by its key): the seed corpus of harnesses whose inputs are made by program (a state file's
/// checksum, a value tree's byte encoding), not by hand.
public func runLibFuzzer(
  _ test: FuzzTest, seeds: () throws -> [(name: String, bytes: [UInt8])] = { [] }
) -> Never {
  let arguments = CommandLine.arguments
  if arguments.count == 3, arguments[1] == "--write-seeds" {
    do {
      for seed in try seeds() {
        try write(seed.bytes, to: arguments[2] + "/" + seed.name)
      }
      exit(0)
    } catch {
      printError("error: \(error)")
      exit(1)
    }
  }
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = CommandLine.unsafeArgv
  exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}

/// Why a seed could not be written.
public struct SeedError: Error, CustomStringConvertible {
  /// What went wrong, with the path.
  public var description: String
}

private func write(_ bytes: [UInt8], to path: String) throws {
  guard let file = fopen(path, "wb") else {
    throw SeedError(description: "cannot create \(path): \(String(cString: strerror(errno)))")
  }
  defer { fclose(file) }
  let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
  guard written == bytes.count else { throw SeedError(description: "cannot write \(path)") }
}

/// Writes `message` and a newline to the standard error.
public func printError(_ message: String) {
  var line = message + "\n"
  line.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
}

/// Whether `NAVD_FUZZ_EXPLAIN` is set: harnesses then say what each input did (how many types it
/// decoded as, say), to check that seeds reach what they are meant to.
public let explaining = getenv("NAVD_FUZZ_EXPLAIN") != nil

/// Writes `message` to the standard error when ``explaining``.
public func explain(_ message: @autoclosure () -> String) {
  if explaining { printError(message()) }
}
