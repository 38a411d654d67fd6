// The `@DependencyClient` and `@DependencyEndpoint` macros, as swift-dependencies expands them:
// a struct of closures becomes a client whose endpoints report an issue until they are set, with
// a memberwise initializer whose every argument defaults to that, and labeled methods.

import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@DependencyClient` on a struct of closure properties: its endpoints, initializer and methods.
///
/// - `@DependencyEndpoint` on each closure property (its labeled method);
/// - `init(endpoint1:endpoint2:…)`, each argument defaulting to an unimplemented closure that
///   reports an issue naming the client and the endpoint, then throws (a throwing endpoint),
///   returns what the property's own default returns, or returns (a `Void` one). So `Self()` is
///   a client with nothing implemented, as a test value is.
public enum DependencyClientMacro: MemberMacro, MemberAttributeMacro {
  /// The memberwise `init`, each endpoint's argument defaulting to its unimplemented closure.
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      context.diagnose(
        MacroError(
          "'@DependencyClient' can only be applied to a struct, not to "
            + "\(declarationKind(declaration)) '\(typeName(of: declaration) ?? "")'",
          id: "dependency-client-not-struct"
        ).at(node))
      return []
    }
    let client = structDecl.name.text
    let access = accessPrefix(of: declaration)
    var parameters: [String] = []
    var assignments: [String] = []
    for member in structDecl.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self), isStoredInstance(variable),
        let binding = variable.bindings.first,
        let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
        let annotation = binding.typeAnnotation
      else { continue }
      let name = pattern.identifier.text
      if let endpoint = Endpoint(variable) {
        guard let unimplemented = endpoint.unimplemented(client: client) else {
          context.diagnose(
            MacroError(
              "'@DependencyClient' needs a default value for the non-throwing endpoint '\(name)', "
                + "which returns a value: write '= { <value> }' after its type",
              id: "dependency-client-default-required"
            ).at(variable))
          continue
        }
        parameters.append("\(name): @escaping \(endpoint.typeText) = \(unimplemented)")
      } else {
        if binding.initializer != nil, variable.bindingSpecifier.tokenKind == .keyword(.let) {
          continue
        }
        // A closure stored as is (`@DependencyIgnored`) is escaping in the initializer too.
        let escaping = Endpoint.functionType(annotation.type) != nil ? "@escaping " : ""
        let type = escaping + annotation.type.trimmedDescription
        if let initializer = binding.initializer {
          parameters.append("\(name): \(type) = \(initializer.value.trimmedDescription)")
        } else {
          parameters.append("\(name): \(type)")
        }
      }
      assignments.append("self.\(name) = \(name)")
    }
    return [
      """
      \(raw: access)init(
        \(raw: parameters.joined(separator: ",\n"))
      ) {
        \(raw: assignments.joined(separator: "\n"))
      }
      """
    ]
  }

  /// `@DependencyEndpoint` on each endpoint that lacks it.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard let variable = member.as(VariableDeclSyntax.self), Endpoint(variable) != nil,
      !hasAttribute(variable.attributes, named: ["DependencyEndpoint"])
    else { return [] }
    return ["@DependencyEndpoint"]
  }

  /// Whether `variable` is a stored instance property: no `static`, no accessors.
  static func isStoredInstance(_ variable: VariableDeclSyntax) -> Bool {
    let isStatic = variable.modifiers.contains {
      $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
    }
    return !isStatic && variable.bindings.allSatisfy { $0.accessorBlock == nil }
  }
}

/// `@DependencyEndpoint` on a closure property with labeled parameters
/// (`var fetch: @Sendable (_ id: Int) async throws -> User`): a method that calls it with its
/// labels, `fetch(id:)`.
public enum DependencyEndpointMacro: PeerMacro {
  /// The labeled method, when the endpoint's parameters have labels.
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self), let endpoint = Endpoint(variable)
    else {
      context.diagnose(
        MacroError(
          "'@DependencyEndpoint' can only be applied to a stored property of a function type",
          id: "dependency-endpoint-not-closure"
        ).at(node))
      return []
    }
    guard let method = endpoint.labeledMethod(access: endpoint.access) else { return [] }
    return [DeclSyntax(stringLiteral: method)]
  }
}

/// A closure property of a client.
struct Endpoint {
  let name: String
  let function: FunctionTypeSyntax
  /// The property's type as written, attributes included (`@Sendable (Int) async -> Void`).
  let typeText: String
  /// The global actor the closure is isolated to (`@MainActor`), which its method gets too.
  let globalActor: String?
  let defaultValue: String?
  /// The access its method gets: the property's own.
  let access: String

  init?(_ variable: VariableDeclSyntax) {
    guard DependencyClientMacro.isStoredInstance(variable),
      variable.bindingSpecifier.tokenKind == .keyword(.var), variable.bindings.count == 1,
      let binding = variable.bindings.first,
      let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
      let type = binding.typeAnnotation?.type,
      !hasAttribute(variable.attributes, named: ["DependencyIgnored"]),
      let function = Self.functionType(type)
    else { return nil }
    self.name = pattern.identifier.text
    self.function = function
    self.typeText = type.trimmedDescription
    self.globalActor = Self.globalActor(of: type)
    self.defaultValue = binding.initializer?.value.trimmedDescription
    var access = ""
    for modifier in variable.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public): access = "public "
      case .keyword(.package): access = "package "
      case .keyword(.internal): access = "internal "
      case .keyword(.fileprivate): access = "fileprivate "
      case .keyword(.private): access = "private "
      default: continue
      }
    }
    self.access = access
  }

  /// The function type `type` is, through attributes (`@Sendable`) and parentheses.
  static func functionType(_ type: TypeSyntax) -> FunctionTypeSyntax? {
    if let function = type.as(FunctionTypeSyntax.self) { return function }
    if let attributed = type.as(AttributedTypeSyntax.self) {
      return functionType(attributed.baseType)
    }
    if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first, only.firstName == nil
    {
      return functionType(only.type)
    }
    return nil
  }

  /// The global-actor attribute on `type` (`@MainActor`), if any: an attribute other than
  /// `@Sendable` and `@escaping`.
  static func globalActor(of type: TypeSyntax) -> String? {
    guard let attributed = type.as(AttributedTypeSyntax.self) else { return nil }
    for element in attributed.attributes {
      guard case .attribute(let attribute) = element else { continue }
      let name = attribute.attributeName.trimmedDescription
      if name != "Sendable", name != "escaping", name != "autoclosure" { return "@" + name }
    }
    return nil
  }

  var isAsync: Bool { function.effectSpecifiers?.asyncSpecifier != nil }
  var isThrowing: Bool { function.effectSpecifiers?.throwsClause != nil }
  var returnsOptional: Bool {
    let type = function.returnClause.type
    return type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
      || type.trimmedDescription.hasPrefix("Optional<")
  }
  var returnsVoid: Bool {
    let text = function.returnClause.type.trimmedDescription
    return text == "Void" || text == "()" || text == "Swift.Void"
  }

  /// The closure every endpoint is until set: it reports the client's and endpoint's names, then
  /// returns its default's result, throws, or returns; `nil` when it can do none (a
  /// non-throwing endpoint that returns a value and has no default).
  func unimplemented(client: String) -> String? {
    let count = function.parameters.count
    let arguments = (0..<count).map { "p\($0)" }
    let header = count == 0 ? "" : " \(arguments.joined(separator: ", ")) in"
    let report = "Composable._unimplementedEndpoint(\"\(client).\(name)\")"
    if let defaultValue {
      let passed = zip(arguments, function.parameters).map { argument, parameter in
        parameter.type.trimmedDescription.hasPrefix("inout ") ? "&" + argument : argument
      }
      // Through a constant of the endpoint's own type: a default that neither awaits nor
      // throws (`= { [] }`) is then called as the endpoint is, without a "no 'async'
      // operations occur within 'await'" warning.
      let call =
        (isThrowing ? "try " : "") + (isAsync ? "await " : "")
        + "_default(\(passed.joined(separator: ", ")))"
      return
        "{\(header)\n\(report)\nlet _default: \(typeText) = \(defaultValue)\nreturn \(call)\n}"
    }
    let unused = count == 0 ? "" : " \(arguments.map { _ in "_" }.joined(separator: ", ")) in"
    // A typed `throws(E)` cannot throw navd's error: it reports, then ends as a non-throwing
    // endpoint would.
    if isThrowing, function.effectSpecifiers?.throwsClause?.type == nil {
      return
        "{\(unused)\n\(report)\nthrow Composable.UnimplementedEndpointError(endpoint: \"\(client).\(name)\")\n}"
    }
    // An optional result has a value to give: none, as swift-dependencies gives.
    if returnsOptional {
      return "{\(unused)\n\(report)\nreturn nil\n}"
    }
    if returnsVoid {
      return "{\(unused)\n\(report)\n}"
    }
    return nil
  }

  /// `func name(label: Type, …) … { self.name(…) }`, when a parameter has a label.
  func labeledMethod(access: String) -> String? {
    let parameters = Array(function.parameters)
    guard parameters.contains(where: { $0.secondName != nil }) else { return nil }
    var declared: [String] = []
    var passed: [String] = []
    for (index, parameter) in parameters.enumerated() {
      let label = parameter.secondName?.text ?? "_"
      var type = parameter.type.trimmedDescription
      if type.hasPrefix("inout ") {
        passed.append("&p\(index)")
      } else {
        passed.append("p\(index)")
      }
      if parameter.ellipsis != nil { type += "..." }
      declared.append("\(label) p\(index): \(type)")
    }
    let effects = (isAsync ? " async" : "") + (isThrowing ? " throws" : "")
    let returnType = returnsVoid ? "" : " -> \(function.returnClause.type.trimmedDescription)"
    let call =
      (isThrowing ? "try " : "") + (isAsync ? "await " : "")
      + "self.\(name)(\(passed.joined(separator: ", ")))"
    let actor = globalActor.map { $0 + " " } ?? ""
    return """
      \(actor)\(access)func \(name)(\(declared.joined(separator: ", ")))\(effects)\(returnType) {
        \(returnsVoid ? "" : "return ")\(call)
      }
      """
  }
}

/// `@DependencyIgnored`: a mark `@DependencyClient` reads; it expands to nothing.
public enum DependencyIgnoredMacro: PeerMacro {
  /// Nothing: the mark only tells `@DependencyClient` to leave the property alone.
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] { [] }
}
