// EnumCase: one case of an enum as the macros see it, and the code embedding and extracting it.

import SwiftSyntax

/// One case of an enum as the macros see it: its name and its payload's parameters.
struct EnumCase {
  /// One value of the payload.
  struct Parameter {
    let label: String?
    let type: String
  }

  let name: String
  let parameters: [Parameter]
  /// The attributes written on the case's declaration (`@ReducerCaseIgnored`, …).
  let attributes: AttributeListSyntax

  /// Every case of `declaration`, in order (cases inside `#if` are not looked into).
  static func all(in declaration: EnumDeclSyntax) -> [EnumCase] {
    declaration.memberBlock.members.flatMap { member -> [EnumCase] in
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { return [] }
      return caseDecl.elements.map { element in
        EnumCase(
          name: element.name.text,
          parameters: (element.parameterClause?.parameters ?? []).map { parameter in
            Parameter(
              label: parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.text },
              type: parameter.type.trimmedDescription)
          },
          attributes: caseDecl.attributes)
      }
    }
  }

  /// The payload's type: `Void`, the one value's type, or a tuple with the labels.
  var payloadType: String {
    switch parameters.count {
    case 0: return "Void"
    case 1: return parameters[0].type
    default:
      return "("
        + parameters.map { ($0.label.map { "\($0): " } ?? "") + $0.type }.joined(separator: ", ")
        + ")"
    }
  }

  /// An expression embedding the payload `$0`, a tuple of this case's values, in this case of
  /// `enumName` (`@CasePathable` names cases with fewer values by their constructor).
  func embedding(in enumName: String) -> String {
    let arguments = parameters.enumerated().map { index, parameter in
      (parameter.label.map { "\($0): " } ?? "") + "$0.\(index)"
    }
    return "\(enumName).\(name)(\(arguments.joined(separator: ", ")))"
  }

  /// Statements returning the values of `$0`, as a tuple, when it is in this case, else `nil`.
  var extraction: String {
    let names = parameters.indices.map { "v\($0)" }
    let bound = names.map { "let \($0)" }.joined(separator: ", ")
    return "guard case .\(name)(\(bound)) = $0 else { return nil }\n"
      + "return (\(names.joined(separator: ", ")))"
  }
}
