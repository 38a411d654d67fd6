// Actions written as path strings: "path.element(2).screenB.screenAButtonTapped".

import NavValue

/// Parses actions written as paths into the value model's action tables.
///
/// A path is case names separated by dots, innermost last. The last case takes the payload:
/// the arguments after the path (`app:send("addContact.setName", "Blob")`) or written in
/// parentheses (`setName("Blob")`). A case with parentheses before the end is TCA's
/// `.element(id:action:)` shape: `element(2).screenB.tapped` is
/// `{ element = { id = 2, action = { screenB = "tapped" } } }`; labels can be written out,
/// `element(id: 2)`.
///
/// Stack element ids: `2` or `#2` is the id `#2`; `-1` is the topmost element, `-2` the one
/// below; `@1` is the bottom element (1-based position). Positions are resolved against the
/// current state by ``StackPositions``.
public enum ActionPath {
  /// Parses `path` with `payload` (the arguments after it) into an action table.
  public static func parse(_ path: String, payload: [DataValue] = []) throws(NavError) -> DataValue
  {
    let segments = try split(path)
    guard !segments.isEmpty else { throw NavError("empty action path") }
    var result: DataValue?
    for (offset, segment) in segments.enumerated().reversed() {
      let isLast = offset == segments.count - 1
      if isLast {
        if segment.arguments != nil, !payload.isEmpty {
          throw NavError(
            "action path \"\(path)\": give the payload of '\(segment.name)' in parentheses or "
              + "after the path, not both")
        }
        let arguments = segment.arguments ?? payload.map { Argument(label: nil, value: $0) }
        result = try leaf(segment.name, arguments: arguments, path: path)
      } else if let arguments = segment.arguments {
        var fields: [String: DataValue] = [:]
        var unlabeled = 0
        for argument in arguments {
          if let label = argument.label {
            fields[label] = argument.value
          } else {
            guard unlabeled == 0 else {
              throw NavError(
                "action path \"\(path)\": '\(segment.name)(…)' takes one unlabeled argument, "
                  + "the id; label the others")
            }
            fields["id"] = argument.value
            unlabeled += 1
          }
        }
        fields["action"] = result!
        result = .object([segment.name: .object(fields)])
      } else {
        result = .object([segment.name: result!])
      }
    }
    return result!
  }

  // MARK: - Parsing

  struct Argument {
    var label: String?
    var value: DataValue
  }

  struct Segment {
    var name: String
    var arguments: [Argument]?
  }

  private static func leaf(_ name: String, arguments: [Argument], path: String) throws(NavError)
    -> DataValue
  {
    if arguments.isEmpty { return .string(name) }
    if arguments.count == 1, arguments[0].label == nil {
      return .object([name: arguments[0].value])
    }
    var fields: [String: DataValue] = [:]
    for (position, argument) in arguments.enumerated() {
      fields[argument.label ?? "_\(position)"] = argument.value
    }
    return .object([name: .object(fields)])
  }

  private static func split(_ path: String) throws(NavError) -> [Segment] {
    var scanner = Scanner(text: Array(path.unicodeScalars), path: path)
    var segments: [Segment] = []
    while true {
      let name = scanner.identifier()
      guard !name.isEmpty else {
        throw scanner.error("expected a case name")
      }
      var segment = Segment(name: name)
      if scanner.consume("(") {
        segment.arguments = try scanner.arguments()
      }
      segments.append(segment)
      if scanner.atEnd { return segments }
      guard scanner.consume(".") else { throw scanner.error("expected '.' or '('") }
    }
  }

  private struct Scanner {
    let text: [Unicode.Scalar]
    let path: String
    var position = 0

    var atEnd: Bool { position >= text.count }

    func error(_ message: String) -> NavError {
      NavError("action path \"\(path)\": \(message) at character \(position + 1)")
    }

    mutating func skipSpaces() {
      while !atEnd, text[position] == " " { position += 1 }
    }

    mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
      skipSpaces()
      guard !atEnd, text[position] == scalar else { return false }
      position += 1
      return true
    }

    mutating func identifier() -> String {
      skipSpaces()
      var name = ""
      while !atEnd {
        let scalar = text[position]
        let isLetter = scalar == "_" || (scalar.isASCII && scalar.properties.isAlphabetic)
        let isDigit = ("0"..."9").contains(scalar)
        guard isLetter || (isDigit && !name.isEmpty) else { break }
        name.unicodeScalars.append(scalar)
        position += 1
      }
      return name
    }

    mutating func arguments() throws(NavError) -> [Argument] {
      var arguments: [Argument] = []
      if consume(")") { return arguments }
      while true {
        let start = position
        var label: String? = identifier()
        if label!.isEmpty || !(consume(":") || consume("=")) {
          position = start
          label = nil
        }
        arguments.append(Argument(label: label, value: try literal()))
        if consume(")") { return arguments }
        guard consume(",") else { throw error("expected ',' or ')'") }
      }
    }

    mutating func literal() throws(NavError) -> DataValue {
      skipSpaces()
      guard !atEnd else { throw error("expected a value") }
      let first = text[position]
      if first == "\"" || first == "'" {
        position += 1
        var string = ""
        while !atEnd, text[position] != first {
          if text[position] == "\\", position + 1 < text.count {
            position += 1
            switch text[position] {
            case "n": string += "\n"
            case "t": string += "\t"
            default: string.unicodeScalars.append(text[position])
            }
          } else {
            string.unicodeScalars.append(text[position])
          }
          position += 1
        }
        guard consume(first) else { throw error("unterminated string") }
        return .string(string)
      }
      if first == "#" || first == "@" {
        position += 1
        let digits = number()
        guard let value = Int(digits), value >= (first == "@" ? 1 : 0) else {
          throw error("expected a number after '\(first)'")
        }
        return first == "#" ? .integer(value) : .string("@\(value)")
      }
      let word = identifier()
      switch word {
      case "true": return .bool(true)
      case "false": return .bool(false)
      case "nil": return .null
      case "": break
      default: return .string(word)  // a case name: `setTab(profile)`
      }
      let digits = number()
      if let integer = Int(digits) { return .integer(integer) }
      if let double = Double(digits) { return .number(double) }
      throw error("expected a value")
    }

    mutating func number() -> String {
      skipSpaces()
      var digits = ""
      while !atEnd, "-+.0123456789eE".unicodeScalars.contains(text[position]) {
        digits.unicodeScalars.append(text[position])
        position += 1
      }
      return digits
    }
  }
}
