import Exporters
// The progress bar: on a terminal, a bar on stderr once a file takes more than a moment (the
// raster formats report their frames through ExportJob.progress).
import FoundationEssentials
import Glibc
import Platform
import Simulation

extension TransExportCommand {
    /// Makes `file` with the job's progress hook drawing a bar (formats that take long call it).
    func withProgressBar<T>(_ file: String, job: ExportJob, _ make: () throws -> T) throws -> T {
        let bar = ProgressBar(label: file, enabled: isatty(STDERR_FILENO) != 0 && environment["TERM"] != "dumb")
        defer { bar.finish(); job.progress = nil }
        job.progress = bar.update
        return try make()
    }
}

/// `label [#######-------] 40/117`, redrawn in place on stderr; shown only after 0.5 s so quick
/// work prints nothing, and erased when done.
final class ProgressBar {
    let label: String
    let enabled: Bool
    private let started = Date()
    private var shown = false

    init(label: String, enabled: Bool) {
        self.label = label
        self.enabled = enabled
    }

    func update(_ done: Int, _ total: Int) {
        guard enabled, total > 0, shown || Date().timeIntervalSince(started) > 0.5 else { return }
        shown = true
        let width = 30
        let filled = width * done / total
        let line = "\r\(label) [\(String(repeating: "#", count: filled))\(String(repeating: "-", count: width - filled))] \(done)/\(total)"
        StandardError.write(line)
    }

    func finish() {
        guard shown else { return }
        StandardError.write("\r\u{1B}[K")
    }
}
