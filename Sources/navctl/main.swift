// navctl: the command-line client of navd. `navctl test` runs Lua scenarios locally.

import Foundation
import NavScript

let arguments = Array(CommandLine.arguments.dropFirst())
exit(NavctlCommand.main(arguments))
