// The `@ObservableState` macro and its property macros: tracked, ignored, `@Presents`.

import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ObservableState`: state that the toolchain's Observation can track, property by property.
///
/// On a struct: a registrar (`_$observationRegistrar`), the identity `_$id` and `_$willModify()`,
/// `@ObservationStateTracked` on every stored `var`, and the `ObservableState` conformance. On an
/// enum: `_$id` (the case's index, tagged onto the payload's identity) and `_$willModify()`.
public enum ObservableStateMacro: MemberMacro, MemberAttributeMacro, ExtensionMacro {
  /// The members the macro adds to the declaration.
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let access = accessPrefix(of: declaration)
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      let cases = EnumCase.all(in: enumDecl)
      let identities = cases.enumerated().map { index, enumCase in
        if enumCase.parameters.count == 1 {
          return
            "case let .\(enumCase.name)(v0): return Composable.ObservableStateID._$id(for: v0)._$tag(\(index))"
        }
        return "case .\(enumCase.name): return Composable.ObservableStateID()._$tag(\(index))"
      }
      let body =
        identities.isEmpty
        ? "Composable.ObservableStateID()"
        : "switch self {\n\(identities.joined(separator: "\n"))\n}"
      return [
        "\(raw: access)var _$id: Composable.ObservableStateID { \(raw: body) }",
        "\(raw: access)mutating func _$willModify() {}",
      ]
    }
    guard declaration.is(StructDeclSyntax.self) else {
      context.diagnose(
        MacroError(
          "'@ObservableState' cannot be applied to \(declarationKind(declaration)) type "
            + "'\(typeName(of: declaration) ?? "_")'", id: "observableStateOnUnsupportedType"
        ).at(node))
      return []
    }
    // Where reducers change each tracked property in place (`_TrackedStorage`): its storage.
    var storage: [String] = []
    for member in declaration.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      if let name = trackedName(of: variable) {
        storage.append(
          "if keyPath == \\Self.\(name) { return (\\Self._\(name) as AnyKeyPath) as? WritableKeyPath<Self, __Value> }"
        )
      } else if hasAttribute(variable.attributes, named: ["Presents"]),
        let name = ObservationStateTrackedMacro.storedName(of: variable)
      {
        storage.append(
          "if keyPath == \\Self.$\(name) { return (\\Self._\(name) as AnyKeyPath) as? WritableKeyPath<Self, __Value> }"
        )
      }
    }
    return [
      "@ComposableArchitecture.ObservationStateIgnored var _$observationRegistrar = Composable.ObservationStateRegistrar()",
      "\(raw: access)var _$id: Composable.ObservableStateID { _$observationRegistrar.id }",
      "\(raw: access)mutating func _$willModify() { _$observationRegistrar._$willModify() }",
      """
      \(raw: access)static func _$storage<__Value>(for keyPath: WritableKeyPath<Self, __Value>) -> WritableKeyPath<Self, __Value>? {
        \(raw: storage.isEmpty ? "" : "let keyPath = keyPath as AnyKeyPath\n" + storage.joined(separator: "\n"))
        return nil
      }
      """,
      """
      \(raw: access)func _$willSet<__Value>(_ keyPath: KeyPath<Self, __Value>) {
        _$observationRegistrar.willSet(self, keyPath: keyPath)
      }
      """,
      """
      \(raw: access)func _$didSet<__Value>(_ keyPath: KeyPath<Self, __Value>) {
        _$observationRegistrar.didSet(self, keyPath: keyPath)
      }
      """,
    ]
  }

  /// The name of `variable` when `@ObservableState` tracks it: a single stored `var` that is
  /// not static, lazy, ignored, `@Presents`, wrapped (`@Shared`, `@SharedReader`: shared state
  /// is left to its wrapper, as TCA's macro leaves it) or one of the macro's own.
  static func trackedName(of variable: VariableDeclSyntax) -> String? {
    guard variable.bindingSpecifier.tokenKind == .keyword(.var),
      !variable.modifiers.contains(where: {
        [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains($0.name.tokenKind)
      }),
      !hasAttribute(variable.attributes, named: ["ObservationStateIgnored", "Presents"]),
      !hasPropertyWrapper(variable.attributes),
      variable.bindings.count == 1, let binding = variable.bindings.first,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
      !name.hasPrefix("_$")
    else { return nil }
    // A computed property (a getter, or get/set) is not storage.
    if let accessors = binding.accessorBlock?.accessors {
      switch accessors {
      case .getter: return nil
      case .accessors(let list):
        if list.contains(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }) {
          return nil
        }
      @unknown default: return nil
      }
    }
    return name
  }

  /// Whether `attributes` hold a property wrapper: a capitalized attribute that is not one of
  /// the observation macros (built-in attributes such as `@available` are lowercase).
  static func hasPropertyWrapper(_ attributes: AttributeListSyntax) -> Bool {
    attributes.contains { element in
      guard case .attribute(let attribute) = element else { return false }
      let name = attribute.attributeName.trimmedDescription
      let bare = name.split(separator: ".").last.map(String.init) ?? name
      guard let first = bare.first, first.isUppercase else { return false }
      return !["ObservationStateTracked", "ObservationStateIgnored", "Presents"].contains(
        bare.split(separator: "<").first.map(String.init) ?? bare)
    }
  }

  /// The attributes the macro adds to one member.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.is(StructDeclSyntax.self), let variable = member.as(VariableDeclSyntax.self),
      !hasAttribute(variable.attributes, named: ["ObservationStateTracked"]),
      trackedName(of: variable) != nil
    else { return [] }
    return ["@ComposableArchitecture.ObservationStateTracked"]
  }

  /// The extensions the macro adds to the declaration's type.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self),
      !inherits(declaration.inheritanceClause, any: ["ObservableState"])
    else { return [] }
    // A struct's tracked properties can be changed where they are stored (`_TrackedStorage`).
    let conformances =
      declaration.is(StructDeclSyntax.self)
      ? "Composable.ObservableState, Composable._TrackedStorage" : "Composable.ObservableState"
    return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: conformances) {}")]
  }
}

/// `@ObservationStateTracked`: a stored property turned into accessors over `_name` that tell
/// the registrar about each read and each change.
public enum ObservationStateTrackedMacro: AccessorMacro, PeerMacro {
  /// The accessors the macro gives the property.
  public static func expansion(
    of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let name = storedName(of: declaration) else { return [] }
    return [
      """
      @storageRestrictions(initializes: _\(raw: name))
      init(initialValue) { _\(raw: name) = initialValue }
      """,
      """
      get {
        if Composable._$isObservationTracking {
          _$observationRegistrar.access(self, keyPath: \\.\(raw: name))
        }
        return _\(raw: name)
      }
      """,
      """
      set {
        guard _$observationRegistrar._$isObserved else {
          _\(raw: name) = newValue
          return
        }
        _$observationRegistrar.mutate(
          self, keyPath: \\.\(raw: name), &_\(raw: name), newValue, Composable._$isIdentityEqual)
      }
      """,
      """
      _modify {
        let observed = _$observationRegistrar._$isObserved
        if observed {
          Swift.withUnsafeMutablePointer(to: &self) {
            $0.pointee._$observationRegistrar.willSet(at: $0, keyPath: \\.\(raw: name))
          }
        }
        defer {
          if observed {
            Swift.withUnsafeMutablePointer(to: &self) {
              $0.pointee._$observationRegistrar.didSet(at: $0, keyPath: \\.\(raw: name))
            }
          }
        }
        yield &_\(raw: name)
      }
      """,
    ]
  }

  /// The declarations the macro adds beside the declaration.
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      let binding = variable.bindings.first, let name = storedName(of: declaration)
    else { return [] }
    let type = binding.typeAnnotation.map { ": \($0.type.trimmedDescription)" } ?? ""
    let initial = binding.initializer.map { " = \($0.value.trimmedDescription)" } ?? ""
    return [
      "@ComposableArchitecture.ObservationStateIgnored private var _\(raw: name)\(raw: type)\(raw: initial)"
    ]
  }

  /// The name of the one stored property `declaration` declares.
  static func storedName(of declaration: some DeclSyntaxProtocol) -> String? {
    declaration.as(VariableDeclSyntax.self)?.bindings.first?.pattern
      .as(IdentifierPatternSyntax.self)?.identifier.text
  }
}

/// `@ObservationStateIgnored`: a stored property observation leaves alone; expands to nothing.
public enum ObservationStateIgnoredMacro: AccessorMacro {
  /// The accessors the macro gives the property.
  public static func expansion(
    of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] { [] }
}

/// `@Presents`: a presented child's optional state, stored as a `PresentationState`.
///
/// `@Presents var destination: Destination.State?` keeps the state in `_destination`, and
/// its projection `$destination` is what `ifLet(\.$destination, action:)` takes. Observation
/// tracks it like any property.
public enum PresentsMacro: AccessorMacro, PeerMacro {
  /// The accessors the macro gives the property.
  public static func expansion(
    of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let name = ObservationStateTrackedMacro.storedName(of: declaration) else { return [] }
    return [
      """
      @storageRestrictions(initializes: _\(raw: name))
      init(initialValue) { _\(raw: name) = Composable.PresentationState(wrappedValue: initialValue) }
      """,
      """
      get {
        if Composable._$isObservationTracking {
          _$observationRegistrar.access(self, keyPath: \\.\(raw: name))
        }
        return _\(raw: name).wrappedValue
      }
      """,
      """
      set {
        _$observationRegistrar.mutate(
          self, keyPath: \\.\(raw: name), &_\(raw: name).wrappedValue, newValue,
          Composable._$isIdentityEqual)
      }
      """,
    ]
  }

  /// The declarations the macro adds beside the declaration.
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      let binding = variable.bindings.first,
      let name = ObservationStateTrackedMacro.storedName(of: declaration)
    else { return [] }
    guard let optional = binding.typeAnnotation?.type else {
      context.diagnose(
        MacroError(
          "'@Presents' needs the property's type written out, as an optional: "
            + "'@Presents var \(name): Destination.State?'", id: "presentsWithoutType"
        ).at(declaration))
      return []
    }
    let wrapped: String
    if let type = optional.as(OptionalTypeSyntax.self) {
      wrapped = type.wrappedType.trimmedDescription
    } else if let type = optional.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      wrapped = type.wrappedType.trimmedDescription
    } else {
      context.diagnose(
        MacroError(
          "'@Presents' applies to an optional property, not '\(optional.trimmedDescription)'",
          id: "presentsOnNonOptional"
        ).at(optional))
      return []
    }
    let access =
      variable.modifiers.first {
        [.keyword(.public), .keyword(.package), .keyword(.internal)].contains($0.name.tokenKind)
      }.map { "\($0.name.text) " } ?? ""
    return [
      """
      @ComposableArchitecture.ObservationStateIgnored
      private var _\(raw: name) = Composable.PresentationState<\(raw: wrapped)>(wrappedValue: nil)
      """,
      """
      \(raw: access)var $\(raw: name): Composable.PresentationState<\(raw: wrapped)> {
        get {
          if Composable._$isObservationTracking {
            _$observationRegistrar.access(self, keyPath: \\.$\(raw: name))
          }
          return _\(raw: name)
        }
        set {
          _$observationRegistrar.mutate(
            self, keyPath: \\.$\(raw: name), &_\(raw: name), newValue,
            Composable._$isIdentityEqual)
        }
      }
      """,
    ]
  }
}
