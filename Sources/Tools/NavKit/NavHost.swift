// NavHost: an app's one `@main` program over its features — serve, test, features, and the
// commands against a running daemon.

import Foundation
import NavHosting

/// A program that hosts an app's features: the daemon, the scenario runner and the client, in
/// one executable.
///
/// ```swift
/// import NavKit
/// import MyFeatures
///
/// @main
/// struct MyAppNav: NavHost {
///   static let features: [NavFeature] = [
///     NavFeature("onboarding", initialState: Onboarding.State()) { Onboarding() },
///   ]
/// }
/// ```
///
/// The program then takes `serve` (the daemon, with every navd option), `test` (Lua scenarios
/// in process), `features`, and navctl's commands against a running daemon (`send`, `state`,
/// `watch`, `attach`, `screen`, `tap`, …), each with `--help`. `completion bash|zsh` prints a
/// shell completion script and `man` a manual page, both from the same help text.
public protocol NavHost {
  /// The features the program serves, scripts and tests, by name. The first is what a session
  /// runs when none is named.
  static var features: [NavFeature] { get }

  /// The subcommand run when the first argument names none, or `nil` to print the overview:
  /// navd's is `serve`, so `navd --socket PATH` serves.
  static var defaultCommand: String? { get }

  /// Runs the program with the process's arguments, and exits with its status.
  static func main()
}

extension NavHost {
  /// No default: the overview.
  public static var defaultCommand: String? { nil }

  /// Runs the subcommand the arguments name, and exits with its status.
  ///
  /// The command runs on a thread of its own while the main thread serves the main actor's
  /// queue, as an app's does: views' `.task`s and `.refreshable`s run on the main actor.
  public static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    let commandLine = HostCommandLine(features: features, defaultCommand: defaultCommand)
    let command = Thread { exit(commandLine.run(arguments)) }
    // Lua scripts and deep views recurse: the main thread's size, not a secondary thread's.
    command.stackSize = 16 << 20
    command.start()
    dispatchMain()
  }
}
