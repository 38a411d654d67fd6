// The compiler plugin: hands the compiler navd's macros by name. Built against the toolchain's
// swift-syntax, whose `SwiftCompilerPlugin` convenience module is not shipped, so the message
// loop is set up here directly.

@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftSyntaxMacros

/// The macros this plugin provides, by type name.
struct ComposableMacrosProvider: PluginProvider {
  nonisolated(unsafe) static let macros: [String: any Macro.Type] = [
    "CasePathableMacro": CasePathableMacro.self,
    "DependencyClientMacro": DependencyClientMacro.self,
    "DependencyEndpointMacro": DependencyEndpointMacro.self,
    "DependencyIgnoredMacro": DependencyIgnoredMacro.self,
    "ReducerMacro": ReducerMacro.self,
    "ReducerCaseMarkerMacro": ReducerCaseMarkerMacro.self,
    "ObservableStateMacro": ObservableStateMacro.self,
    "ObservationStateTrackedMacro": ObservationStateTrackedMacro.self,
    "ObservationStateIgnoredMacro": ObservationStateIgnoredMacro.self,
    "PresentsMacro": PresentsMacro.self,
    "ViewActionMacro": ViewActionMacro.self,
    "PreviewMacro": PreviewMacro.self,
    "PreviewableMacro": PreviewableMacro.self,
  ]

  func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
    guard let macro = Self.macros[typeName] else {
      throw UnknownMacro(name: "\(moduleName).\(typeName)")
    }
    return macro
  }
}

/// A macro this plugin does not have.
struct UnknownMacro: Error, CustomStringConvertible {
  let name: String
  var description: String { "ComposableMacros has no macro \(name)" }
}

/// The plugin's entry point: answers the compiler's messages on standard input and output.
@main
enum ComposableMacrosPlugin {
  static func main() throws {
    let connection = try StandardIOMessageConnection()
    let listener = CompilerPluginMessageListener(
      connection: connection, provider: ComposableMacrosProvider())
    try listener.main()
  }
}
