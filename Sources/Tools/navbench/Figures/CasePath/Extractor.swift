// The protocol the case-path timing loop is specialized over: a switch or a case path.

/// A way to get a payload out of an ``Event``: a hand-written `switch` or a case path.
///
/// The timing loop is generic over this protocol, so it is specialized for each extractor and
/// calls the extraction directly, with no closure in between.
protocol Extractor {
  /// The payload type extracted.
  associatedtype Value: Checksummable
  /// Returns the payload of `event`, or `nil` when it is in another case.
  func extract(from event: Event) -> Value?
}
