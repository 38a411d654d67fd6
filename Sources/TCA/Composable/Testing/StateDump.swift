// StateDump: renders a value as indented text, a field a line, for test failure diffs.

import Foundation

/// Renders a value as indented, line-per-field text for test failure diffs, in the style of
/// swift-custom-dump: `Counter.State(\n  count: 1\n)`.
public enum StateDump {
  /// Returns the rendering of `value`.
  public static func render(_ value: Any) -> String {
    var lines: [String] = []
    append(value, label: nil, indent: 0, into: &lines, isLast: true, depth: 0)
    return lines.joined(separator: "\n")
  }

  private static func typeName(_ value: Any) -> String {
    var name = String(reflecting: type(of: value))
    // Drop the module prefix of the outermost type, as swift-custom-dump does.
    if let dot = name.firstIndex(of: "."), !name[..<dot].contains(where: "<(".contains) {
      name = String(name[name.index(after: dot)...])
    }
    return name
  }

  private static func append(
    _ value: Any, label: String?, indent: Int, into lines: inout [String], isLast: Bool, depth: Int
  ) {
    let pad = String(repeating: " ", count: indent)
    let prefix = pad + (label.map { "\($0): " } ?? "")
    let suffix = isLast ? "" : ","
    // A shared value shows the value it holds, as swift-custom-dump shows it.
    if let reference = value as? any ReflectedReference {
      append(
        reference.reflectedValue, label: label, indent: indent, into: &lines, isLast: isLast,
        depth: depth + 1)
      return
    }
    // A UUID reflects with no children: show its value, as TCA's dumps do.
    if let uuid = value as? UUID {
      lines.append(prefix + "UUID(\(uuid.uuidString))" + suffix)
      return
    }
    let mirror = Mirror(reflecting: value)

    if depth > 40 {
      lines.append(prefix + "…" + suffix)
      return
    }
    switch value {
    case let string as String:
      lines.append(prefix + string.debugDescription + suffix)
      return
    case is any Numeric, is Bool, is Character:
      lines.append(prefix + String(describing: value) + suffix)
      return
    case let id as StackElementID:
      lines.append(prefix + id.debugDescription + suffix)  // `#2`, as TCA dumps it
      return
    default:
      break
    }

    switch mirror.displayStyle {
    case .optional:
      if let child = mirror.children.first {
        append(
          child.value, label: label, indent: indent, into: &lines, isLast: isLast, depth: depth + 1)
      } else {
        lines.append(prefix + "nil" + suffix)
      }
    case .collection, .set:
      let children = Array(mirror.children)
      if children.isEmpty {
        lines.append(prefix + "[]" + suffix)
        return
      }
      lines.append(prefix + "[")
      for (offset, child) in children.enumerated() {
        append(
          child.value, label: "[\(offset)]", indent: indent + 2, into: &lines,
          isLast: offset == children.count - 1, depth: depth + 1)
      }
      lines.append(pad + "]" + suffix)
    case .dictionary:
      let children = Array(mirror.children)
      if children.isEmpty {
        lines.append(prefix + "[:]" + suffix)
        return
      }
      // A type that reflects as a dictionary with labelled children (a stack keyed by element
      // id) keeps its order; a real dictionary's (key, value) pairs are sorted by key.
      let pairs: [(String, Any)]
      if children.allSatisfy({ $0.label != nil }) {
        pairs = children.map { ($0.label!, $0.value) }
      } else {
        pairs = children.map { child -> (String, Any) in
          let pair = Array(Mirror(reflecting: child.value).children)
          guard pair.count == 2 else { return (String(describing: child.value), child.value) }
          return (String(describing: pair[0].value), pair[1].value)
        }.sorted { $0.0 < $1.0 }
      }
      lines.append(prefix + "[")
      for (offset, pair) in pairs.enumerated() {
        append(
          pair.1, label: pair.0, indent: indent + 2, into: &lines,
          isLast: offset == pairs.count - 1, depth: depth + 1)
      }
      lines.append(pad + "]" + suffix)
    case .enum:
      let caseName = caseNameOf(value)
      guard let child = mirror.children.first else {
        lines.append(prefix + "." + caseName + suffix)
        return
      }
      let payloadMirror = Mirror(reflecting: child.value)
      if payloadMirror.displayStyle == .tuple {
        lines.append(prefix + "." + caseName + "(")
        let items = Array(payloadMirror.children)
        for (offset, item) in items.enumerated() {
          let itemLabel = item.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
          append(
            item.value, label: itemLabel, indent: indent + 2, into: &lines,
            isLast: offset == items.count - 1, depth: depth + 1)
        }
        lines.append(pad + ")" + suffix)
      } else {
        var inner: [String] = []
        append(child.value, label: nil, indent: 0, into: &inner, isLast: true, depth: depth + 1)
        if inner.count == 1 {
          lines.append(prefix + "." + caseName + "(" + inner[0] + ")" + suffix)
        } else {
          lines.append(prefix + "." + caseName + "(")
          lines.append(contentsOf: inner.map { pad + "  " + $0 })
          lines.append(pad + ")" + suffix)
        }
      }
    case .struct, .class, .tuple:
      let children = Array(mirror.children)
      let name = mirror.displayStyle == .tuple ? "" : typeName(value)
      if children.isEmpty {
        lines.append(prefix + name + "()" + suffix)
        return
      }
      lines.append(prefix + name + "(")
      // `@ObservableState`'s registrar is not state; its tracked properties are stored as
      // `_name` and read as `name`.
      let shown = children.filter { !($0.label?.hasPrefix("_$") ?? false) }
      for (offset, child) in shown.enumerated() {
        var childLabel = child.label
        if let label = childLabel, label.hasPrefix("_"), mirror.displayStyle != .tuple {
          childLabel = String(label.dropFirst())
        }
        if let label = childLabel, label.hasPrefix(".") { childLabel = nil }
        append(
          child.value, label: childLabel, indent: indent + 2, into: &lines,
          isLast: offset == shown.count - 1, depth: depth + 1)
      }
      lines.append(pad + ")" + suffix)
    default:
      lines.append(prefix + String(describing: value) + suffix)
    }
  }

  private static func caseNameOf(_ value: Any) -> String {
    if let child = Mirror(reflecting: value).children.first, let label = child.label {
      return label
    }
    let description = String(describing: value)
    return String(description.prefix { $0 != "(" })
  }
}
