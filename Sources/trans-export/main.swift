// The `trans-export` command: a thin shell over TransExportCLI.
import Foundation
import TransExportCLI

exit(TransExportCommand().run(Array(CommandLine.arguments.dropFirst())))
