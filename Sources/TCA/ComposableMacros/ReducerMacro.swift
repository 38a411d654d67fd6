// The `@Reducer` macro, as TCA 1.8+ expands it on a feature struct or an enum of features.

import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Reducer`, as TCA 1.8+ expands it.
///
/// On a struct: the `Reducer` conformance, `@CasePathable` on an `Action` enum (and
/// `@CasePathable @dynamicMemberLookup` on a `State` enum), `@ReducerBuilder<State, Action>` on
/// `body`, and TCA's defaults for a missing `State`, `Action` or `body`.
///
/// On an enum of features (`case addContact(AddContactFeature)`): the `State` and `Action` enums
/// with a case per feature, a `body` of `Scope`s, `CaseScope` and `scope(_:)` for `store.case`,
/// and the `CaseReducer` conformance. A case holding an `AlertState` or
/// `ConfirmationDialogState` is ephemeral: its state is the alert, its action the alert's action.
/// Any other case (no value, several values) is kept as written in `State`, with `Never` for its
/// action.
public enum ReducerMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro {
  // MARK: - Extension

  /// The extensions the macro adds to the declaration's type.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    if declaration.is(EnumDeclSyntax.self) {
      return [
        try ExtensionDeclSyntax(
          "extension \(type.trimmed): Composable.CaseReducer, Composable.Reducer {}")
      ]
    }
    guard declaration.is(StructDeclSyntax.self),
      !inherits(declaration.inheritanceClause, any: ["Reducer"])
    else { return [] }
    return [try ExtensionDeclSyntax("extension \(type.trimmed): Composable.Reducer {}")]
  }

  // MARK: - Member attributes

  /// The attributes the macro adds to one member.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    if declaration.is(EnumDeclSyntax.self) {
      guard let caseDecl = member.as(EnumCaseDeclSyntax.self),
        !hasAttribute(caseDecl.attributes, named: ["ReducerCaseEphemeral", "ReducerCaseIgnored"]),
        let element = caseDecl.elements.first
      else { return [] }
      switch EnumReducerCase.kind(of: element) {
      case .ephemeral: return ["@ComposableArchitecture.ReducerCaseEphemeral"]
      case .ignored: return ["@ComposableArchitecture.ReducerCaseIgnored"]
      case .feature: return []
      }
    }
    guard declaration.is(StructDeclSyntax.self) else { return [] }
    if let enumDecl = member.as(EnumDeclSyntax.self) {
      var attributes: [AttributeSyntax] = []
      let name = enumDecl.name.text
      guard name == "State" || name == "Action" else { return [] }
      if !hasAttribute(enumDecl.attributes, named: ["CasePathable"]),
        !inherits(enumDecl.inheritanceClause, any: ["CasePathable"])
      {
        attributes.append("@ComposableArchitecture.CasePathable")
      }
      if name == "State", !hasAttribute(enumDecl.attributes, named: ["dynamicMemberLookup"]) {
        attributes.append("@dynamicMemberLookup")
      }
      return attributes
    }
    if let variable = member.as(VariableDeclSyntax.self), variable.bindings.count == 1,
      let binding = variable.bindings.first,
      binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body",
      let type = binding.typeAnnotation?.type.as(SomeOrAnyTypeSyntax.self),
      binding.accessorBlock != nil,
      !hasAttribute(variable.attributes, named: ["ReducerBuilder"])
    {
      let arguments =
        type.constraint.as(IdentifierTypeSyntax.self)?.genericArgumentClause?.arguments
      if let arguments, arguments.count == 2 {
        let types = arguments.map { $0.argument.trimmedDescription }
        return ["@Composable.ReducerBuilder<\(raw: types[0]), \(raw: types[1])>"]
      }
      return ["@Composable.ReducerBuilder<Self.State, Self.Action>"]
    }
    return []
  }

  // MARK: - Members

  /// The members the macro adds to the declaration.
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      let (state, action) = synthesizedConformances(node.arguments)
      return EnumReducerCase.members(
        of: enumDecl, stateConformances: state, actionConformances: action)
    }
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      context.diagnose(
        MacroError(
          "'@Reducer' can only be applied to a struct or an enum, not to \(declarationKind(declaration)) "
            + "'\(typeName(of: declaration) ?? "_")'", id: "reducerOnUnsupportedType"
        ).at(node))
      return []
    }
    if let arguments = node.arguments, !arguments.trimmedDescription.isEmpty {
      context.diagnose(
        MacroError(
          "Argument passed to call that takes no arguments when applied to a struct",
          id: "reducerArgumentsOnStruct"
        ).at(arguments))
    }
    return defaults(of: structDecl)
  }

  /// The conformances `@Reducer(state: .equatable, action: .sendable, .hashable)` asks for, by
  /// protocol name.
  static func synthesizedConformances(_ arguments: AttributeSyntax.Arguments?) -> (
    state: [String], action: [String]
  ) {
    guard case .argumentList(let list) = arguments else { return ([], []) }
    var state: [String] = []
    var action: [String] = []
    var label = ""
    for argument in list {
      if let name = argument.label?.text { label = name }
      guard let member = argument.expression.as(MemberAccessExprSyntax.self) else { continue }
      let conformance: String
      switch member.declName.baseName.text {
      case "codable": conformance = "Codable"
      case "decodable": conformance = "Decodable"
      case "encodable": conformance = "Encodable"
      case "equatable": conformance = "Equatable"
      case "hashable": conformance = "Hashable"
      case "sendable": conformance = "Sendable"
      default: continue
      }
      if label == "state" {
        state.append(conformance)
      } else if label == "action" {
        action.append(conformance)
      }
    }
    return (state, action)
  }

  /// TCA 1.8's defaults: an empty `State` and `Action`, and an `EmptyReducer` body, for what the
  /// struct does not declare.
  private static func defaults(of structDecl: StructDeclSyntax) -> [DeclSyntax] {
    let access = accessPrefix(of: structDecl)
    var names: Set<String> = []
    var hasReduce = false
    var hasExplicitBody = false
    for member in structDecl.memberBlock.members {
      if let decl = member.decl.as(StructDeclSyntax.self) { names.insert(decl.name.text) }
      if let decl = member.decl.as(EnumDeclSyntax.self) { names.insert(decl.name.text) }
      if let decl = member.decl.as(TypeAliasDeclSyntax.self) { names.insert(decl.name.text) }
      if let decl = member.decl.as(FunctionDeclSyntax.self), decl.name.text == "reduce" {
        hasReduce = true
      }
      if let decl = member.decl.as(VariableDeclSyntax.self) {
        for binding in decl.bindings {
          if binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body" {
            names.insert("body")
          }
          // As TCA's macro reads it: a property with a value of its own (`let body =
          // EmptyReducer<Int, Int>()`), or one typed `some Reducer`, is an explicit body, whose
          // types are not the empty ones.
          let type = binding.typeAnnotation?.type.trimmedDescription ?? ""
          if binding.initializer != nil || type.hasPrefix("some Reducer")
            || type.hasPrefix("some ComposableArchitecture.Reducer")
            || type.hasPrefix("some Composable.Reducer")
          {
            hasExplicitBody = true
          }
        }
      }
    }
    hasExplicitBody = hasExplicitBody || hasReduce
    var members: [DeclSyntax] = []
    if !names.contains("State"), !hasExplicitBody {
      members.append(
        """
        @ComposableArchitecture.ObservableState
        \(raw: access)struct State: Codable, Equatable, Hashable, Sendable {
          \(raw: access)init() {}
        }
        """)
    }
    if !names.contains("Action"), !hasExplicitBody {
      members.append("\(raw: access)enum Action: Equatable, Hashable, Sendable {}")
    }
    if !names.contains("body"), !hasReduce {
      members.append("\(raw: access)let body = Composable.EmptyReducer<State, Action>()")
    }
    return members
  }
}

/// `@ReducerCaseEphemeral` and `@ReducerCaseIgnored`: marks `@Reducer` puts on an enum
/// reducer's cases; they expand to nothing.
public enum ReducerCaseMarkerMacro: PeerMacro {
  /// The declarations the macro adds beside the declaration.
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] { [] }
}
