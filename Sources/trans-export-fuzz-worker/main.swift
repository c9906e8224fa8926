// trans-export-fuzz-worker: the trans-export command, run on many cases in one process so the
// fuzzer does not pay a process start (67 shared libraries) per case. It is the same code as
// the `trans-export` binary (TransExportCommand.run); the fuzzer restarts it after a crash or a
// hang, so each finding stays with its case, and re-runs every finding in a fresh `trans-export`.
//
// Protocol (the fuzzer's side is in Sources/trans-export-fuzz/Worker.swift): one request per line
// on stdin, the arguments separated by tabs, and `ERRFILE` first: the file that receives fd 1 and
// fd 2 is `ERRFILE` (stdout is /dev/null). One reply per request on the original stdout:
// `EXIT CPU-SECONDS`.
import Foundation
import TransExportCLI

setvbuf(stdout, nil, _IONBF, 0)
let replies = FileHandle(fileDescriptor: dup(STDOUT_FILENO), closeOnDealloc: true)
let devNull = open("/dev/null", O_WRONLY)
let executable = URL(fileURLWithPath: CommandLine.arguments[0])

func cpuSeconds() -> Double {
    var u = rusage()
    getrusage(RUSAGE_SELF.rawValue, &u)
    return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6
}

while let line = readLine(strippingNewline: true) {
    var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard fields.count >= 1 else { continue }
    let errFile = fields.removeFirst()
    let err = open(errFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard err >= 0 else { exit(3) }
    dup2(devNull, STDOUT_FILENO)
    dup2(err, STDERR_FILENO)
    close(err)
    let before = cpuSeconds()
    let status = TransExportCommand(executable: executable).run(fields)
    let cpu = cpuSeconds() - before
    fflush(stdout)
    replies.write(Data("\(status) \(String(format: "%.4f", cpu))\n".utf8))
}
