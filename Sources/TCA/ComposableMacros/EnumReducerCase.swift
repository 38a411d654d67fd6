// What `@Reducer` makes of an enum of features: each case's part, its State, Action and body.

import SwiftSyntax
import SwiftSyntaxBuilder

/// What `@Reducer` makes of one case of an enum of features.
enum EnumReducerCase {
  /// How a case takes part.
  enum Kind {
    /// `case addContact(AddContactFeature)`: a feature, with its state and actions.
    case feature(type: String)
    /// `case alert(AlertState<Alert>)`: state with no reducer; its action is `Alert`.
    case ephemeral(state: String, action: String)
    /// Any other case: kept in `State` as written; its action is `Never`.
    case ignored
  }

  /// How `element` takes part.
  static func kind(of element: EnumCaseElementSyntax) -> Kind {
    guard let parameters = element.parameterClause?.parameters, parameters.count == 1,
      let parameter = parameters.first, parameter.firstName == nil
    else { return .ignored }
    let type = parameter.type
    // `Feature`, `Module.Feature`, `AlertState<Alert>`: a name, and its generic arguments.
    let name: String
    let arguments: GenericArgumentClauseSyntax?
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      (name, arguments) = (identifier.name.text, identifier.genericArgumentClause)
    } else if let member = type.as(MemberTypeSyntax.self) {
      (name, arguments) = (member.name.text, member.genericArgumentClause)
    } else {
      return .ignored
    }
    if name == "AlertState" || name == "ConfirmationDialogState" {
      guard let argument = arguments?.arguments.first else { return .ignored }
      return .ephemeral(
        state: type.trimmedDescription, action: argument.argument.trimmedDescription)
    }
    return arguments == nil ? .feature(type: type.trimmedDescription) : .ignored
  }

  /// `State`, `Action`, the `body`s, `CaseScope` and `scope(_:)` of an enum reducer.
  ///
  /// `stateConformances` and `actionConformances` are added to the generated `State` and
  /// `Action` (`@Reducer(state: .equatable)`).
  static func members(
    of enumDecl: EnumDeclSyntax, stateConformances: [String] = [],
    actionConformances: [String] = []
  ) -> [DeclSyntax] {
    let access = accessPrefix(of: enumDecl)
    let name = enumDecl.name.text
    var elements: [(element: EnumCaseElementSyntax, kind: Kind)] = []
    for member in enumDecl.memberBlock.members {
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      let ignoredByHand = hasAttribute(caseDecl.attributes, named: ["ReducerCaseIgnored"])
      for element in caseDecl.elements {
        elements.append((element, ignoredByHand ? .ignored : kind(of: element)))
      }
    }
    // The hand-written Action's cases of one unlabeled value, by name: an ephemeral or
    // ignored case with an action case of its own is scoped to a store of that action, as TCA's.
    var explicitActions: [String: String] = [:]
    for member in enumDecl.memberBlock.members {
      guard let action = member.decl.as(EnumDeclSyntax.self), action.name.text == "Action" else {
        continue
      }
      for actionMember in action.memberBlock.members {
        guard let caseDecl = actionMember.decl.as(EnumCaseDeclSyntax.self) else { continue }
        for element in caseDecl.elements {
          guard let parameters = element.parameterClause?.parameters, parameters.count == 1,
            let only = parameters.first, only.firstName == nil
          else { continue }
          explicitActions[element.name.text] = only.type.trimmedDescription
        }
      }
    }
    var stateCases: [String] = []
    var actionCases: [String] = []
    var scopes: [String] = []
    var caseScopeCases: [String] = []
    // The cases of one value, with its type: CaseScope's case paths, for bindings to a case.
    var caseScopePaths: [(name: String, type: String)] = []
    var scopeSwitch: [String] = []
    for (element, kind) in elements {
      let caseName = element.name.text
      switch kind {
      case .feature(let type):
        stateCases.append("case \(caseName)(\(type).State)")
        actionCases.append("case \(caseName)(\(type).Action)")
        scopes.append(
          "Composable.Scope(state: \\Self.State.Cases.\(caseName), "
            + "action: \\Self.Action.Cases.\(caseName)) { \(type)() }")
        caseScopeCases.append("case \(caseName)(Composable.StoreOf<\(type)>)")
        caseScopePaths.append((caseName, "Composable.StoreOf<\(type)>"))
        scopeSwitch.append(
          "case .\(caseName): return .\(caseName)(store.scope(state: \\.\(caseName), "
            + "action: \\.\(caseName))!)")
      case .ephemeral(let state, let action):
        stateCases.append("case \(caseName)(\(state))")
        actionCases.append("case \(caseName)(\(action))")
        caseScopeCases.append("case \(caseName)(Composable.Store<\(state), \(action)>)")
        caseScopePaths.append((caseName, "Composable.Store<\(state), \(action)>"))
        scopeSwitch.append(
          "case .\(caseName): return .\(caseName)(store.scope(state: \\.\(caseName), "
            + "action: \\.\(caseName))!)")
      case .ignored:
        let parameters = element.parameterClause?.trimmedDescription ?? ""
        stateCases.append("case \(caseName)\(parameters)")
        actionCases.append("case \(caseName)(Swift.Never)")
        let count = element.parameterClause?.parameters.count ?? 0
        let single = count == 1 ? element.parameterClause?.parameters.first : nil
        if let single, let action = explicitActions[caseName] {
          // An ignored case the hand-written Action answers: a store of its state and action.
          let store = "Composable.Store<\(single.type.trimmedDescription), \(action)>"
          caseScopeCases.append("case \(caseName)(\(store))")
          caseScopePaths.append((caseName, store))
          scopeSwitch.append(
            "case .\(caseName): return .\(caseName)(store.scope(state: \\.\(caseName), "
              + "action: \\.\(caseName))!)")
          continue
        }
        caseScopeCases.append("case \(caseName)\(parameters)")
        if let single, single.firstName == nil {
          caseScopePaths.append((caseName, single.type.trimmedDescription))
        }
        if count == 0 {
          scopeSwitch.append("case .\(caseName): return .\(caseName)")
        } else {
          let labels = element.parameterClause?.parameters.map { $0.firstName?.text } ?? []
          let bound = (0..<count).map { "let v\($0)" }.joined(separator: ", ")
          let arguments = labels.enumerated().map { index, label in
            (label.map { "\($0): " } ?? "") + "v\(index)"
          }
          scopeSwitch.append(
            "case .\(caseName)(\(bound)): return .\(caseName)(\(arguments.joined(separator: ", ")))"
          )
        }
      }
    }
    let declared = declaredNames(in: enumDecl)
    let body =
      scopes.isEmpty
      ? "Composable.EmptyReducer<Self.State, Self.Action>()" : scopes.joined(separator: "\n")
    let switchBody =
      scopeSwitch.isEmpty ? "" : "switch store.state {\n\(scopeSwitch.joined(separator: "\n"))\n}"
    // TCA generates only what the enum does not declare itself: a hand-written `Action` (with
    // cases of its own), `body` or `static var body` stays as written.
    var members: [DeclSyntax] = []
    if !declared.contains("State") {
      members.append(
        """
        @ComposableArchitecture.CasePathable @dynamicMemberLookup @ComposableArchitecture.ObservableState
        \(raw: access)enum State: \(raw: (["Composable.CaseReducerState"] + stateConformances).joined(separator: ", ")) {
          \(raw: access)typealias StateReducer = \(raw: name)
          \(raw: stateCases.joined(separator: "\n"))
        }
        """)
    }
    if !declared.contains("Action") {
      members.append(
        """
        @ComposableArchitecture.CasePathable
        \(raw: access)enum Action\(raw: actionConformances.isEmpty ? "" : ": " + actionConformances.joined(separator: ", ")) {
          \(raw: actionCases.joined(separator: "\n"))
        }
        """)
    }
    if !declared.contains("static body"), !declared.contains("body") {
      members.append(
        """
        @Composable.ReducerBuilder<Self.State, Self.Action>
        \(raw: access)static var body: some Composable.Reducer<Self.State, Self.Action> {
          \(raw: body)
        }
        """)
    }
    if !declared.contains("body") {
      members.append(
        """
        \(raw: access)var body: some Composable.Reducer<Self.State, Self.Action> { Self.body }
        """)
    }
    if !declared.contains("CaseScope") {
      members.append(
        """
        \(raw: access)enum CaseScope: Composable.CasePathable {
          \(raw: caseScopeCases.joined(separator: "\n"))
          \(raw: access)struct AllCasePaths: Sendable {
            \(raw: caseScopePaths.map { path in
              """
              \(access)var \(path.name): Composable.AnyCasePath<CaseScope, \(path.type)> {
                Composable.AnyCasePath(
                  embed: { .\(path.name)($0) },
                  extract: { guard case let .\(path.name)(value) = $0 else { return nil }; return value })
              }
              """
            }.joined(separator: "\n"))
          }
          \(raw: access)static var allCasePaths: AllCasePaths { AllCasePaths() }
        }
        """)
    }
    if !declared.contains("scope") {
      members.append(
        """
        \(raw: access)static func scope(_ store: Composable.Store<Self.State, Self.Action>) -> CaseScope {
          \(raw: switchBody)
        }
        """)
    }
    return members
  }

  /// The names `enumDecl` declares itself: its nested types and typealiases, its functions, and
  /// its properties (a static one as `static NAME`).
  private static func declaredNames(in enumDecl: EnumDeclSyntax) -> Set<String> {
    var names: Set<String> = []
    for member in enumDecl.memberBlock.members {
      let decl = member.decl
      if let nested = decl.as(EnumDeclSyntax.self) {
        names.insert(nested.name.text)
      } else if let nested = decl.as(StructDeclSyntax.self) {
        names.insert(nested.name.text)
      } else if let alias = decl.as(TypeAliasDeclSyntax.self) {
        names.insert(alias.name.text)
      } else if let function = decl.as(FunctionDeclSyntax.self) {
        names.insert(function.name.text)
      } else if let variable = decl.as(VariableDeclSyntax.self) {
        let isStatic = variable.modifiers.contains {
          $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        }
        for binding in variable.bindings {
          guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
          names.insert((isStatic ? "static " : "") + pattern.identifier.text)
        }
      }
    }
    return names
  }

}
