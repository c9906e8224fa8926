// Two ways to run one case, with the same result: a fresh `trans-export` process per case (exact,
// ~40 ms of process start each), or a persistent trans-export-fuzz-worker that runs the same
// TransExportCommand on case after case. A worker that crashes or passes the CPU limit is
// killed and restarted; the case it was on is the one reported, and main.swift re-runs every
// finding in a fresh process before counting it.
import Foundation

struct RunResult {
    var status: Int32
    var signalled: Bool
    var timedOut: Bool
    var stderr: String
    var cpu: Double
}

func cpu(_ u: rusage) -> Double {
    Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6
}

/// CPU seconds used so far by a running process (utime + stime in /proc/PID/stat), nil when unreadable.
func processCPU(_ pid: pid_t) -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = text.lastIndex(of: ")")
    else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")  // fields 3... of stat(5)
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// A case "hangs" when it uses more than `timeout` seconds of CPU; it is killed as soon as it
/// has, or when the wall clock passes 30× the limit while it barely runs (blocked). CPU rather
/// than wall time, so that six agents on two cores do not make a slow case look hung.
struct HangWatch {
    let pid: pid_t
    let timeout: Double
    let cpuAtStart: Double
    let started = Date()
    init(pid: pid_t, timeout: Double) {
        self.pid = pid; self.timeout = timeout
        cpuAtStart = processCPU(pid) ?? 0
    }
    var expired: Bool {
        if let now = processCPU(pid), now - cpuAtStart > timeout { return true }
        return Date().timeIntervalSince(started) > timeout * 30
    }
}

/// posix_spawn, retried while the machine is short of processes or memory for a moment.
func spawn(_ pid: inout pid_t, _ path: String, _ actions: inout posix_spawn_file_actions_t, _ argv: [UnsafeMutablePointer<CChar>?]) {
    for attempt in 0..<100 {
        let r = posix_spawn(&pid, path, &actions, nil, argv, environ)
        if r == 0 { return }
        guard r == EAGAIN || r == ENOMEM, attempt < 99 else { fail("cannot run \(path): \(String(cString: strerror(r)))") }
        usleep(100_000)
    }
}

/// Runs the binary; stderr goes to `errFile`; the CPU figure is wait4's rusage.
func runFresh(_ binary: String, _ args: [String], timeout: Double, errFile: String) -> RunResult {
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = ([binary] + args).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    spawn(&pid, binary, &actions, argv)
    let watch = HangWatch(pid: pid, timeout: timeout)
    var polls = 0
    var status: Int32 = 0
    var usage = rusage()
    var killed = false
    while true {
        let r = wait4(pid, &status, WNOHANG, &usage)
        if r == pid { break }
        if r < 0 && errno != EINTR { break }
        polls += 1
        if !killed && polls % 50 == 0 && watch.expired { kill(pid, SIGKILL); killed = true }
        usleep(2_000)
    }
    let seconds = cpu(usage)
    let err = (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? ""
    let signalled = (status & 0x7F) != 0 && (status & 0x7F) != 0x7F
    let code = (status >> 8) & 0xFF
    return RunResult(status: code, signalled: signalled && !killed, timedOut: killed || seconds > timeout, stderr: err, cpu: seconds)
}

/// One persistent worker (Sources/trans-export-fuzz-worker): requests on its stdin, replies on its stdout.
final class Worker {
    let path: String
    var pid: pid_t = 0
    var requests: Int32 = -1
    var replies: Int32 = -1
    var casesRun = 0
    /// A fresh process now and then, so a slow leak in one worker cannot build up over 10^5 cases.
    static let casesPerProcess = 1_000

    init(path: String) { self.path = path }

    func start() {
        var toWorker: [Int32] = [0, 0], fromWorker: [Int32] = [0, 0]
        guard pipe(&toWorker) == 0, pipe(&fromWorker) == 0 else { fail("cannot make a pipe") }
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toWorker[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromWorker[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        for fd in toWorker + fromWorker { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv = [strdup(path), nil]
        defer { free(argv[0]) }
        spawn(&pid, path, &actions, argv)
        close(toWorker[0]); close(fromWorker[1])
        requests = toWorker[1]; replies = fromWorker[0]
        _ = fcntl(requests, F_SETFD, FD_CLOEXEC); _ = fcntl(replies, F_SETFD, FD_CLOEXEC)
        casesRun = 0
    }

    /// Kills the worker (if alive) and reaps it; returns how it ended.
    @discardableResult
    func stop(kill signal: Int32 = SIGKILL) -> Int32 {
        guard pid > 0 else { return 0 }
        close(requests); close(replies)
        if signal != 0 { kill(pid, signal) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pid = 0
        return status
    }

    func run(_ args: [String], timeout: Double, errFile: String) -> RunResult {
        if pid == 0 || casesRun >= Self.casesPerProcess { stop(); start() }
        casesRun += 1
        unlink(errFile)  // a worker that dies before opening it must not leave the last case's lines
        let line = ([errFile] + args).joined(separator: "\t") + "\n"
        let sent = line.utf8CString.withUnsafeBufferPointer { write(requests, $0.baseAddress!, $0.count - 1) }
        var reply = [UInt8]()
        var ended = sent < 0
        let watch = HangWatch(pid: pid, timeout: timeout)
        var timedOut = false
        while !ended, reply.last != UInt8(ascii: "\n") {
            var p = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let r = poll(&p, 1, 100)
            if r > 0 {
                var buffer = [UInt8](repeating: 0, count: 256)
                let n = read(replies, &buffer, buffer.count)
                if n > 0 { reply += buffer[..<n] } else if n == 0 || errno != EINTR { ended = true }
            } else if watch.expired {
                timedOut = true
                ended = true
            }
        }
        let err = (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? ""
        if !ended, let text = String(bytes: reply.dropLast(), encoding: .utf8) {
            let parts = text.split(separator: " ")
            if parts.count == 2, let status = Int32(parts[0]), let seconds = Double(parts[1]) {
                return RunResult(status: status, signalled: false, timedOut: seconds > timeout, stderr: err, cpu: seconds)
            }
        }
        // The worker died on this case (or was killed for passing the wall limit).
        let status = stop(kill: timedOut ? SIGKILL : 0)
        let signalled = (status & 0x7F) != 0 && (status & 0x7F) != 0x7F
        return RunResult(
            status: signalled ? 128 + (status & 0x7F) : (status >> 8) & 0xFF, signalled: signalled && !timedOut,
            timedOut: timedOut, stderr: err, cpu: timedOut ? timeout : 0)
    }
}
