// MacroError, and the syntax helpers the macros share: kinds, access, names, attributes.

import SwiftDiagnostics
import SwiftSyntax

/// An error a macro reports at a node, with TCA's wording where TCA has one.
struct MacroError: DiagnosticMessage, Error {
  let message: String
  let id: String

  var diagnosticID: MessageID { MessageID(domain: "ComposableMacros", id: id) }
  var severity: DiagnosticSeverity { .error }

  init(_ message: String, id: String) {
    self.message = message
    self.id = id
  }

  /// The diagnostic for `node`.
  func at(_ node: some SyntaxProtocol) -> Diagnostic {
    Diagnostic(node: Syntax(node), message: self)
  }
}

/// The kind of declaration a macro was attached to, as a diagnostic names it ("class", …).
func declarationKind(_ declaration: some DeclGroupSyntax) -> String {
  if declaration.is(ClassDeclSyntax.self) { return "class" }
  if declaration.is(ActorDeclSyntax.self) { return "actor" }
  if declaration.is(ProtocolDeclSyntax.self) { return "protocol" }
  if declaration.is(ExtensionDeclSyntax.self) { return "extension" }
  if declaration.is(StructDeclSyntax.self) { return "struct" }
  if declaration.is(EnumDeclSyntax.self) { return "enum" }
  return "declaration"
}

/// The access modifier generated members copy from their type: `public `, `package ` or none.
func accessPrefix(of declaration: some DeclGroupSyntax) -> String {
  for modifier in declaration.modifiers {
    switch modifier.name.tokenKind {
    case .keyword(.public), .keyword(.open): return "public "
    case .keyword(.package): return "package "
    default: continue
    }
  }
  return ""
}

/// The name of a type declaration.
func typeName(of declaration: some DeclGroupSyntax) -> String? {
  if let decl = declaration.as(StructDeclSyntax.self) { return decl.name.text }
  if let decl = declaration.as(EnumDeclSyntax.self) { return decl.name.text }
  if let decl = declaration.as(ClassDeclSyntax.self) { return decl.name.text }
  return nil
}

/// Whether `attributes` holds an attribute named `name` (bare or module-qualified).
func hasAttribute(_ attributes: AttributeListSyntax, named names: Set<String>) -> Bool {
  attributes.contains { element in
    guard case .attribute(let attribute) = element else { return false }
    let name = attribute.attributeName.trimmedDescription
    let bare = name.split(separator: ".").last.map(String.init) ?? name
    let unspecialized = bare.split(separator: "<").first.map(String.init) ?? bare
    return names.contains(unspecialized)
  }
}

/// Whether an inheritance clause names `names` (bare or module-qualified).
func inherits(_ clause: InheritanceClauseSyntax?, any names: Set<String>) -> Bool {
  clause?.inheritedTypes.contains { inherited in
    let name = inherited.type.trimmedDescription
    return names.contains(String(name.split(separator: ".").last ?? ""))
  } ?? false
}
