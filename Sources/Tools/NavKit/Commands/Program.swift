// Program: the name a host program was run as, for its usage lines and messages.

import Foundation

/// The program running: `navctl`, `navd`, or a team's own host such as `myapp-nav`.
enum Program {
  /// The name the program was run as, without its folder.
  static var name: String {
    let path = CommandLine.arguments.first ?? "navd"
    return (path as NSString).lastPathComponent
  }
}
