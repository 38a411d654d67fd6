// ExploreRun: one launch of the explored feature — its store, the screen it shows, the steps
// taken since the launch, and the checks after each step.

import Composable
import HeadlessUICore
import NavValue

/// What a check after a step saw: a finding without its steps yet.
package struct ExploreObservation {
  var kind: ExploreFinding.Kind
  package var message: String
  var match: String
}

/// A store of the explored feature, launched on a virtual clock, with the screen it shows now.
///
/// Every step renders the screen once: the tree rendered after a step is the one the next step
/// acts on, so choosing and tapping do not render twice.
final class ExploreRun {
  let store: any ScriptedStore
  let options: ExploreOptions
  let invariants: (any ExploreInvariants)?
  /// The screen the store shows now.
  private(set) var tree: NavigationTree {
    didSet {
      place = Self.place(of: tree)
      fields = tree.typable
      otherUses = tree.otherUses
    }
  }
  /// The frontmost screen's controls that can be tapped, enabled or not, in reading order (the
  /// tree finds them once, as it is built).
  private var tappable: [ScreenNode] { tree.tappable }
  /// The text fields of the frontmost screen, in reading order: read once a render, for the
  /// key and a new screen's uses.
  private var fields: [ScreenNode]
  /// The frontmost screen's uses besides taps, typing and back (steppers' steps, rows'
  /// deletions): read once a render, for the shape and a new screen's uses.
  private var otherUses: [(label: String, use: ControlUse)]
  /// Where the user is: the screens from the root to the frontmost one, by kind and title, with
  /// the depth of every stack on the way (stack element ids left out).
  private(set) var place: String
  /// The store's state now, in the value model: encoded when read (the store keeps the last
  /// encoding), as a step to a screen known to be where it leads is told by its state's `==`.
  var state: DataValue {
    get throws(NavError) { try store.state() }
  }
  /// The store's version that ``tree`` and ``state`` show: a render is a function of the state,
  /// so a step or a wake-up that changed nothing is not rendered again.
  private var shownVersion: UInt64
  /// The steps taken since the launch, in order.
  private(set) var path: [ExploreStep] = []
  /// Where the launch left the user: the root, nothing presented.
  let launchPlace: String
  /// The effects running at the launch, which are not leaks.
  let launchEffects: [String]

  /// Launches a store of `feature` and takes the launch's checks' findings into `observed`.
  init(
    feature: ScriptFeature, options: ExploreOptions, invariants: (any ExploreInvariants)?,
    observed: inout [ExploreObservation]
  ) throws(NavError) {
    self.options = options
    self.invariants = invariants
    // The walk settles after every step, so the effects run on its thread, without a
    // hand-off to the store's effect queue and back.
    var launchOptions = LaunchOptions()
    launchOptions.effectsOnSettlingThread = true
    // The walk keeps its own steps; a history (devtools' jumps and exports) would copy every
    // state it passes, and free them all at the next relaunch.
    launchOptions.history = 0
    store = try feature.launch(launchOptions)
    store.settle()
    let screen = try store.screen()
    tree = screen.tree
    shownVersion = screen.version
    place = Self.place(of: tree)
    fields = tree.typable
    otherUses = tree.otherUses
    launchPlace = place
    launchEffects = store.inFlightEffects
    observed += try checks()
  }

  /// Whether the user is back where the launch left them.
  var isAtLaunchPlace: Bool { place == launchPlace }

  // MARK: - Steps

  /// Takes `step` on the frontmost screen, moves time on, renders, and returns what the checks
  /// saw.
  ///
  /// Throws a screen error when the screen does not offer the step (nothing is sent then).
  /// `willTake` hears the step as the screen offers it, just before it is taken.
  func take(
    _ step: ExploreStep, ordinal: Int? = nil, willTake: (ExploreStep) -> Void = { _ in }
  ) throws(ExploreRunError) -> [ExploreObservation] {
    let (taken, activation) = try resolve(step, ordinal: ordinal)
    willTake(taken)
    path.append(taken)
    do throws(NavError) {
      try store.perform(activation)
      if taken == .refresh, try !store.refresh() {
        throw NavError("refresh: nothing on the screen is refreshable")
      }
      store.advance(by: options.timeStep)
      try refresh()
      return try checks()
    } catch {
      throw .failed(error)
    }
  }

  /// The step as the frontmost screen offers it, and what it does.
  ///
  /// A label may show a stack element id (`#3) Screen B`), which differs between two visits of
  /// the same screen by different paths: a tap whose label is not on the screen is taken on the
  /// enabled control whose label matches it with numbers masked, at the same position among
  /// those. (Enabled: a stack's list shows its top element disabled, `#3) Screen A`, beside
  /// the ones below it, and the walk's uses are enabled controls.)
  ///
  /// `ordinal`, when the walk knows it, is the tap's place among the screen's enabled controls
  /// whose labels mask the same (``maskedOrdinals(of:)``): it is taken there even when its exact
  /// label is on the screen, where another element's id may now show it.
  private func resolve(_ step: ExploreStep, ordinal: Int?) throws(ExploreRunError) -> (
    ExploreStep, Activation
  ) {
    let exact: ScreenError
    do {
      // By its masked place when known: its exact label may now be another element's.
      guard ordinal != nil else { return (step, try step.activation(in: tree)) }
      exact = ScreenError("\(step) is looked for by its place among the same masked labels")
    } catch {
      exact = error
    }
    guard case .tap(let label, let index) = step else { throw .notOffered(exact) }
    let masked = Array(ExploreFinding.masked(label).utf8)
    // Compared without making each label's masked text: a step runs this on every control.
    let tappable = self.tappable
    // The candidates by their index among all the screen's controls.
    let candidates = tappable.indices.filter {
      tappable[$0].isEnabled && Self.masks(tappable[$0].label, to: masked)
    }
    let position = ordinal ?? (index ?? 1) - 1
    guard candidates.indices.contains(position),
      ordinal != nil || tappable[candidates[position]].label != label
    else { throw .notOffered(exact) }
    let chosen = tappable[candidates[position]].label
    let same = tappable.filter { $0.label == chosen }
    // A label's index counts every control of that label, disabled ones too, as uses do.
    let place = tappable[..<candidates[position]].filter { $0.label == chosen }.count + 1
    let retaken = ExploreStep.tap(label: chosen, index: same.count > 1 ? place : nil)
    do {
      return (retaken, try retaken.activation(in: tree))
    } catch {
      throw .notOffered(error)
    }
  }

  /// Moves virtual time on, one wake-up at a time within the horizon, until nothing more is
  /// due or `limit` wake-ups passed (a repeating timer never stops), then renders; returns what
  /// the checks saw.
  func flush(limit: Int = 16) throws(NavError) -> [ExploreObservation] {
    fireWakeUps(limit: limit)
    try refresh()
    return try checks(leaks: false)
  }

  /// Moves virtual time to each next wake-up within the horizon while `condition` holds, at
  /// most `limit` times; returns how many it fired.
  @discardableResult
  private func fireWakeUps(limit: Int, while condition: () -> Bool = { true }) -> Int {
    var moved = Duration.zero
    var wakeUps = 0
    while wakeUps < limit, moved < options.settleHorizon, condition(),
      let step = store.advanceToNextWakeUp(within: options.settleHorizon - moved)
    {
      moved += step
      wakeUps += 1
    }
    return wakeUps
  }

  /// Waits for the store's effects, then, when they or the step changed the state, renders its
  /// screen and reads its state again.
  private func refresh() throws(NavError) {
    store.settle()
    guard store.version != shownVersion else { return }
    let screen = try store.screen()
    tree = screen.tree
    shownVersion = screen.version
  }

  // MARK: - Checks

  /// The runtime warnings since the last check, the invariants that fail now, and, back at
  /// the launch place, the effects that leaked.
  private func checks(leaks: Bool = true) throws(NavError) -> [ExploreObservation] {
    var observed: [ExploreObservation] = []
    for warning in store.drainWarnings() {
      observed.append(
        ExploreObservation(
          kind: .runtimeWarning, message: "runtime warning: \(warning)", match: warning))
    }
    if let invariants {
      for failure in try invariants.failures(in: try state) {
        observed.append(
          ExploreObservation(kind: .invariant, message: failure.message, match: failure.name))
      }
    }
    if leaks, isAtLaunchPlace, let leaked = try leakedEffects() {
      // One finding per kind of effect: a timer leaked twice is the same leak.
      var kinds: Set<String> = []
      for effect in leaked where kinds.insert(ExploreFinding.masked(effect)).inserted {
        observed.append(
          ExploreObservation(
            kind: .leakedEffect,
            message:
              "back at the launch screen with nothing presented, an effect is still running "
              + "that was not at launch, started by: \(effect)",
            match: effect))
      }
    }
    return observed
  }

  /// The effects running now that were not at launch, after letting due timers fire; `nil`
  /// when there are none.
  private func leakedEffects() throws(NavError) -> [String]? {
    func extra() -> [String] {
      var running = store.inFlightEffects
      for effect in launchEffects {
        if let index = running.firstIndex(of: effect) { running.remove(at: index) }
      }
      return running
    }
    guard !extra().isEmpty else { return nil }
    // An effect that ends by itself (a delay) is not a leak: let what is due fire first.
    if fireWakeUps(limit: 50, while: { !extra().isEmpty }) > 0 { try refresh() }
    let leaked = extra()
    return leaked.isEmpty ? nil : leaked
  }

  // MARK: - What the screen offers

  /// Whether `label` with numbers masked (``ExploreFinding/masked(_:)``) is `masked`'s bytes,
  /// told without building the masked text for a label without a UUID.
  static func masks(_ label: String, to masked: [UInt8]) -> Bool {
    // Text with a UUID, or beyond ASCII (a digit with a combining mark is not masked), the
    // long way.
    guard label.utf8.allSatisfy({ $0 < 0x80 }), !containsUUIDBytes(label) else {
      return Array(ExploreFinding.masked(label).utf8) == masked
    }
    var position = 0
    var inDigits = false
    for byte in label.utf8 {
      if (0x30...0x39).contains(byte) {
        if inDigits { continue }
        inDigits = true
        guard position < masked.count, masked[position] == UInt8(ascii: "N") else { return false }
      } else {
        inDigits = false
        guard position < masked.count, masked[position] == byte else { return false }
      }
      position += 1
    }
    return position == masked.count
  }

  /// Each tap of `uses` whose label holds a number, by its place among those whose labels
  /// mask the same, in the screen's order: how ``take(_:ordinal:willTake:)`` finds it again on
  /// a visit where the numbers (stack element ids) differ.
  static func maskedOrdinals(of uses: [ExploreStep]) -> [ExploreStep: Int] {
    var ordinals: [ExploreStep: Int] = [:]
    var counts: [String: Int] = [:]
    for use in uses {
      guard case .tap(let label, _) = use else { continue }
      let masked = ExploreFinding.masked(label)
      guard masked != label else { continue }
      ordinals[use] = counts[masked, default: 0]
      counts[masked, default: 0] += 1
    }
    return ordinals
  }

  /// Every use the frontmost screen offers: a tap on each enabled control, each pool text typed
  /// into each field, and the system back where there is one.
  var uses: [ExploreStep] {
    var steps: [ExploreStep] = []
    var totals: [String: Int] = [:]
    for node in tappable { totals[node.label, default: 0] += 1 }
    var seen: [String: Int] = [:]
    for node in tappable {
      seen[node.label, default: 0] += 1
      guard node.isEnabled else { continue }
      let index = totals[node.label]! > 1 ? seen[node.label]! : nil
      steps.append(.tap(label: node.label, index: index))
    }
    var labels: Set<String> = []
    for node in fields {
      guard labels.insert(node.label).inserted else { continue }
      for text in options.texts { steps.append(.type(text: text, field: node.label)) }
    }
    var named: Set<ExploreStep> = []
    for (label, use) in otherUses {
      guard let step = ExploreStep(use, label: label), named.insert(step).inserted
      else { continue }
      steps.append(step)
    }
    if store.isRefreshable { steps.append(.refresh) }
    if hasBack { steps.append(.back) }
    return steps
  }

  /// Whether the system offers a back from the frontmost screen.
  var hasBack: Bool { (try? tree.back()) != nil }

  /// The controls the frontmost screen shows, used or not: `Title › label`, numbers in the
  /// label masked (`#) Screen B` for every stack element's entry).
  var controls: [String] {
    let screen = tree.frontmost.title ?? tree.frontmost.kind.rawValue
    var names = tappable.map { "\(screen) › \(ExploreFinding.masked($0.label))" }
    for node in fields {
      names.append("\(screen) › \(node.label)")
    }
    return names
  }

  /// What tells one screen from another: the state as ``canonical(_:)`` gives it, and the
  /// ``shape`` of what the frontmost screen shows.
  var key: ExploreNodeKey {
    get throws(NavError) { try key(shape: shape) }
  }

  /// ``key``, with the ``shape`` already built.
  func key(shape: [UInt8]) throws(NavError) -> ExploreNodeKey {
    ExploreNodeKey(state: Self.canonical(try state), shape: shape)
  }

  /// Whether the store is in one of `snapshots`' states, by the state's `==` (without encoding
  /// it).
  func isInState(of snapshots: [StateSnapshot]) -> Bool {
    snapshots.contains(where: store.isInState)
  }

  /// Where the user is and what the frontmost screen shows: its controls, enabled or not, and
  /// its fields.
  var shape: [UInt8] {
    // Labels with their numbers masked: a label may show a stack element id (`#3) Screen B`),
    // which the state without ids does not tell apart; what differs is in the state anyway.
    // Kept as bytes: appending to a String costs more than its bytes, and hashing a String
    // normalizes it first.
    let tappable = self.tappable
    var shape: [UInt8] = []
    shape.reserveCapacity(place.utf8.count + tappable.count * 32 + fields.count * 24)
    Self.append(place, to: &shape)
    for index in tappable.indices {
      shape.append(UInt8(ascii: "|"))
      Self.append(tappable[index].kind.rawValue, to: &shape)
      shape.append(UInt8(ascii: ":"))
      Self.appendMasked(tappable[index].label, to: &shape)
      if !tappable[index].isEnabled { shape.append(UInt8(ascii: "-")) }
    }
    for index in fields.indices {
      Self.append("|field:", to: &shape)
      Self.append(fields[index].label, to: &shape)
    }
    for (label, use) in otherUses {
      Self.append("|\(use.name):", to: &shape)
      Self.appendMasked(label, to: &shape)
    }
    return shape
  }

  /// What a known crash is matched by: the place and the frontmost screen's controls and
  /// fields, with numbers and their signs masked (``ExploreFinding/maskedSigned(_:)``).
  ///
  /// Coarser than ``shape``: a crash reached from a screen is taken to be reached by the same
  /// use from every screen that looks the same but for its numbers (a count, a clock's ticks, a
  /// stack's depth), which the walk then steps around.
  /// The screen as known crashes are matched by: its ``crashShape``, and its place with
  /// numbers and signs masked.
  var crashScreen: (shape: String, place: String) {
    (crashShape, ExploreFinding.maskedSigned(place))
  }

  /// See ``crashScreen``.
  var crashShape: String {
    var text = ExploreFinding.maskedSigned(place)
    for node in tappable {
      text += "|\(node.kind.rawValue):\(ExploreFinding.maskedSigned(node.label))"
      if !node.isEnabled { text += " (disabled)" }
    }
    for node in fields { text += "|field:\(ExploreFinding.maskedSigned(node.label))" }
    for (label, use) in otherUses {
      text += "|\(use.name):\(ExploreFinding.maskedSigned(label))"
    }
    return text
  }

  /// Appends `text`'s UTF-8 bytes, from its own storage when it has one (a generic append of
  /// a `UTF8View` goes byte by byte).
  private static func append(_ text: String, to bytes: inout [UInt8]) {
    let appended: Void? = text.utf8.withContiguousStorageIfAvailable {
      bytes.append(contentsOf: $0)
    }
    if appended == nil { bytes.append(contentsOf: text.utf8) }
  }

  /// Appends ``ExploreFinding/masked(_:)`` of `label`, in one pass over its bytes where that
  /// gives the same: a label too short for a UUID, without digits or in ASCII.
  static func appendMasked(_ label: String, to bytes: inout [UInt8]) {
    let appended: Bool? = label.utf8.withContiguousStorageIfAvailable { utf8 in
      guard utf8.count < 36 else { return false }
      var hasDigit = false
      var isASCII = true
      for byte in utf8 {
        if byte >= 0x80 {
          isASCII = false
        } else if byte &- 0x30 < 10 {
          hasDigit = true
        }
      }
      if !hasDigit {
        bytes.append(contentsOf: utf8)
        return true
      }
      // A digit in non-ASCII text may carry a combining mark: `masked` reads characters there.
      guard isASCII else { return false }
      ExploreFinding.appendDigitsMasked(asciiBytes: utf8, to: &bytes)
      return true
    }
    if appended != true { append(ExploreFinding.masked(label), to: &bytes) }
  }

  static func place(of tree: NavigationTree) -> String {
    // Appended to one string: a part per screen joined after cost a string and an array each.
    var place = ""
    for screen in tree.trail {
      if !place.isEmpty { place += " › " }
      place += screen.kind.rawValue
      if let title = screen.title {
        place += " \""
        place += title
        place += "\""
      }
      if !screen.stack.isEmpty {
        place += " ["
        place += String(screen.stack.count)
        place += "]"
      }
    }
    return place
  }

  /// `value` as screens are told apart by: without stack element ids (an array of objects
  /// whose integer `id`s rise is a stack, and the ids grow with every push, so a screen pushed
  /// again is not new), and with each UUID replaced by the order it first appears in (a
  /// feature that calls `UUID()` gets new ones on every launch).
  static func canonical(_ value: DataValue) -> DataValue {
    // Most states hold neither: hash them as they are, without a copy.
    guard needsCanonicalForm(value) else { return value }
    // Without UUIDs, only the stacks and what holds them change, in any order.
    guard needsCanonicalForm(value, uuids: true, stacks: false) else {
      return strippingStackIDs(value)
    }
    var uuids: [String: Int] = [:]
    return canonical(value, uuids: &uuids)
  }

  /// Whether `value` holds a UUID (when `uuids`) or a stack with ids (when `stacks`).
  private static func needsCanonicalForm(
    _ value: DataValue, uuids: Bool = true, stacks: Bool = true
  ) -> Bool {
    switch value {
    case .string(let text): return uuids && isUUID(text)
    case .array(let elements):
      if stacks, case .integer = elements.first?["id"] ?? .null { return true }
      return elements.contains { needsCanonicalForm($0, uuids: uuids, stacks: stacks) }
    case .object(let fields):
      return fields.values.contains { needsCanonicalForm($0, uuids: uuids, stacks: stacks) }
    default: return false
    }
  }

  /// `value` without stack element ids, rebuilding only the stacks and what holds them.
  private static func strippingStackIDs(_ value: DataValue) -> DataValue {
    switch value {
    case .array(let elements):
      if isStack(elements) {
        return .array(
          elements.map { element in
            guard case .object(var fields) = element else { return element }
            fields["id"] = nil
            return strippingStackIDs(.object(fields))
          })
      }
      guard elements.contains(where: { needsCanonicalForm($0, uuids: false) }) else {
        return value
      }
      return .array(elements.map(strippingStackIDs))
    case .object(var fields):
      for (key, field) in fields where needsCanonicalForm(field, uuids: false) {
        fields[key] = strippingStackIDs(field)
      }
      return .object(fields)
    default:
      return value
    }
  }

  /// Whether `elements` are a stack's: objects whose integer `id`s rise.
  private static func isStack(_ elements: [DataValue]) -> Bool {
    var previous = Int.min
    for element in elements {
      guard case .integer(let id) = element["id"], id > previous else { return false }
      previous = id
    }
    return !elements.isEmpty
  }

  private static func canonical(_ value: DataValue, uuids: inout [String: Int]) -> DataValue {
    switch value {
    case .string(let text) where isUUID(text):
      if let number = uuids[text] { return .string("uuid-\(number)") }
      uuids[text] = uuids.count + 1
      return .string("uuid-\(uuids.count)")
    case .array(let elements):
      let stack = isStack(elements)
      return .array(
        elements.map { element in
          guard stack, case .object(var fields) = element else {
            return canonical(element, uuids: &uuids)
          }
          fields["id"] = nil
          return canonical(.object(fields), uuids: &uuids)
        })
    case .object(let fields):
      // In key order, so UUIDs are numbered the same in every process.
      var canonicalFields: [String: DataValue] = [:]
      for key in fields.keys.sorted() {
        canonicalFields[key] = canonical(fields[key]!, uuids: &uuids)
      }
      return .object(canonicalFields)
    default:
      return value
    }
  }

  /// Whether `text` is a UUID's text: 36 hex digits and dashes, 8-4-4-4-12.
  static func isUUID(_ text: String) -> Bool {
    let bytes = text.utf8
    return bytes.count == 36 && isUUID(bytes[...])
  }

  /// Whether some 36 bytes of `text` in a row are a UUID's text.
  static func containsUUIDBytes(_ text: String) -> Bool {
    let bytes = text.utf8
    guard bytes.count >= 36 else { return false }
    var start = bytes.startIndex
    while let end = bytes.index(start, offsetBy: 36, limitedBy: bytes.endIndex) {
      if isUUID(bytes[start..<end]) { return true }
      start = bytes.index(after: start)
    }
    return false
  }

  /// Whether `bytes`, 36 of them, are a UUID's text.
  private static func isUUID(_ bytes: Substring.UTF8View) -> Bool {
    for (index, byte) in bytes.enumerated() {
      switch index {
      case 8, 13, 18, 23: if byte != UInt8(ascii: "-") { return false }
      default:
        let isHex =
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
          || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        if !isHex { return false }
      }
    }
    return true
  }
}

/// Why a step could not be taken.
enum ExploreRunError: Error {
  /// The frontmost screen does not offer it.
  case notOffered(ScreenError)
  /// The store failed (a state that cannot be encoded, an invariant that raised).
  case failed(NavError)
}

/// What de-duplicates screens: the state and the shape of the frontmost screen.
struct ExploreNodeKey: Hashable {
  var state: DataValue
  /// The place, then each control's kind and label (numbers masked), as UTF-8.
  var shape: [UInt8]

  init(state: DataValue, shape: [UInt8]) {
    self.state = state
    self.shape = shape
  }

  /// A key whose shape is `shape`'s text.
  init(state: DataValue, shape: String) {
    self.init(state: state, shape: Array(shape.utf8))
  }
}
