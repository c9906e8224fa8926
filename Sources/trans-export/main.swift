// The `trans-export` command: a thin shell over TransExportCLI.
import FoundationEssentials
import Glibc
import TransExportCLI

// The process's malloc settings (MallocSettings.swift): set before the first export.
MallocSettings.apply()

exit(TransExportCommand().run(Array(CommandLine.arguments.dropFirst())))
