// The `trans-export` command: a thin shell over TransExportCLI.
import FoundationEssentials
import Glibc
import CMimalloc
import TransExportCLI

// The process's malloc settings (MallocSettings.swift): set before the first export.
trans_export_mimalloc_setup()  // the linked malloc's options (CMimalloc)
MallocSettings.apply()

exit(TransExportCommand().run(Array(CommandLine.arguments.dropFirst())))
