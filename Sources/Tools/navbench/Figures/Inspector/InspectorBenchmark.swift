// The inspector's figure: what an open inspector page costs a session's sends.

import Foundation
import NavInspector

#if canImport(Glibc)
  import Glibc
#endif

// Two navd children, each a `counter` session: one plain, one with an inspector attached (the
// `Inspector` of `navctl inspect`, in this process) and its page open in a headless Chromium,
// which follows every version as a person's browser does. One client's `store.send` round trip
// to each is timed in interleaved batches: the ratio is what the inspector and its open page
// cost the session's sends, the page's own fetches and the session's navigation events
// included. Without Chromium (Debian's `chromium`), the figure is skipped and the note says so.

enum InspectorBenchmark {
  /// The figure's name.
  static let sendFigureName = "inspector: store.send round trip, inspector page open"
  /// The most an open inspector may cost a send: 1.1×.
  static let sendGoal = 1.1
  /// Where Debian installs Chromium.
  static let chromium = "/usr/bin/chromium"

  /// What the run printed besides the table.
  nonisolated(unsafe) static var report: [String] = []

  static func figures(settings: MeasureSettings, including: (String) -> Bool) -> [Figure] {
    guard including(sendFigureName) else { return [] }
    guard FileManager.default.isExecutableFile(atPath: chromium) else {
      report.append(
        "Note: \(chromium) was not found, so the inspector's figure was skipped; install it "
          + "with `apt-get install chromium`.")
      return []
    }
    signal(SIGPIPE, SIG_IGN)
    let plainDirectory = temporaryDirectory()
    let inspectedDirectory = temporaryDirectory()
    defer {
      try? FileManager.default.removeItem(atPath: plainDirectory)
      try? FileManager.default.removeItem(atPath: inspectedDirectory)
    }
    let plain = NavdUnderTest(socketPath: plainDirectory + "/navd.sock")
    defer { plain.stop() }
    let inspected = NavdUnderTest(socketPath: inspectedDirectory + "/navd.sock")
    defer { inspected.stop() }
    let inspector: Inspector
    do {
      inspector = try Inspector(socketPath: inspected.socketPath, session: "main")
    } catch {
      report.append("Note: the inspector did not start (\(error)); its figure was skipped.")
      return []
    }
    defer { inspector.stop() }
    let browser = Process()
    browser.executableURL = URL(fileURLWithPath: chromium)
    browser.arguments = [
      "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
      "--user-data-dir=\(inspectedDirectory)/chromium", "--no-first-run", inspector.url,
    ]
    browser.standardOutput = FileHandle.nullDevice
    browser.standardError = FileHandle.nullDevice
    do {
      try browser.run()
    } catch {
      report.append("Note: Chromium did not start (\(error)); the inspector's figure was skipped.")
      return []
    }
    defer {
      if browser.isRunning {
        browser.terminate()
        browser.waitUntilExit()
      }
    }
    // The page is open once it follows the session's events.
    let deadline = Date().addingTimeInterval(30)
    while inspector.openPages == 0, Date() < deadline { usleep(50_000) }
    guard inspector.openPages > 0 else {
      report.append("Note: the page did not open in Chromium within 30 s; figure skipped.")
      return []
    }
    let figure = SocketBenchmark.figure(
      sendFigureName,
      measured: SocketBenchmark.roundTrips(
        LineSocket.connect(inspected.socketPath), label: "store.send, page open"),
      floor: SocketBenchmark.roundTrips(
        LineSocket.connect(plain.socketPath), label: "store.send, no inspector"),
      goal: sendGoal, settings: settings)
    report.append(
      "Inspector: \(inspector.openPages) page open in headless Chromium while the sends were "
        + "timed; it followed \(inspector.eventsForwarded) versions.")
    return [figure]
  }
}
