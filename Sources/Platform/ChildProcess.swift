// Running a program (ffmpeg: GPL, so never linked) with posix_spawn, as Foundation's Process
// did before the binary dropped Foundation (docs/platform.md#foundation-essentials-only):
// its standard input is a pipe we write, its output goes to /dev/null, its error output is
// collected by a second thread so a full pipe never blocks it (its first 64 KiB kept).
import Glibc

package final class ChildProcess {
    package enum Failure: Error, CustomStringConvertible {
        case cannotStart(program: String, reason: String)
        case cannotWrite(reason: String)
        package var description: String {
            switch self {
            case .cannotStart(let program, let reason): return "cannot start \(program): \(reason)"
            case .cannotWrite(let reason): return "cannot write to the program: \(reason)"
            }
        }
    }

    private let pid: pid_t
    private let input: Int32
    private let errors: Int32
    private let reader: pthread_t
    private var outcome: (status: Int32, errorOutput: [UInt8])?

    /// Starts `program` (a path) with `arguments` and this process's environment.
    package init(program: String, arguments: [String]) throws(Failure) {
        // Close-on-exec, so the child holds only the ends it is given (else it would keep our
        // end of its input open and never see the end of it).
        var inPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&inPipe) == 0 else { throw .cannotStart(program: program, reason: Self.reason(errno)) }
        guard pipe(&errPipe) == 0 else {
            close(inPipe[0]); close(inPipe[1])
            throw .cannotStart(program: program, reason: Self.reason(errno))
        }
        for fd in inPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // The reader first: were no thread to be had, nothing has started yet.
        guard let reader = Self.startReader(errPipe[0]) else {
            for fd in inPipe + errPipe { close(fd) }
            throw .cannotStart(program: program, reason: "no thread to read its error output")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        // The child starts with default signal actions (we ignore SIGPIPE) and nothing blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var child: pid_t = 0
        let started = posix_spawn(&child, program, &actions, &attributes, argv, environ)
        close(inPipe[0])
        close(errPipe[1])
        guard started == 0 else {
            // Our write end of its error pipe is closed: the reader sees the end and returns.
            var result: UnsafeMutableRawPointer? = nil
            pthread_join(reader, &result)
            if let result { Unmanaged<Collected>.fromOpaque(result).release() }
            close(inPipe[1]); close(errPipe[0])
            throw .cannotStart(program: program, reason: Self.reason(started))
        }
        pid = child
        input = inPipe[1]
        errors = errPipe[0]
        self.reader = reader
    }

    /// Writes all of `bytes` to the program's standard input (EPIPE throws: SIGPIPE must be ignored).
    package func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(input, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw .cannotWrite(reason: Self.reason(errno))
            }
            offset += n
        }
    }

    package func write(_ bytes: [UInt8]) throws(Failure) {
        var failure: Failure?
        bytes.withUnsafeBytes { b in
            do throws(Failure) { try write(b) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Closes its standard input, waits for it to end; its exit status (128 + the signal when
    /// killed, as a shell says) and everything it wrote to its error output.
    package func finish() -> (status: Int32, errorOutput: [UInt8]) {
        if let outcome { return outcome }
        close(input)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        var result: UnsafeMutableRawPointer? = nil
        pthread_join(reader, &result)
        let said = result.map { Unmanaged<Collected>.fromOpaque($0).takeRetainedValue().bytes } ?? []
        close(errors)
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        outcome = (code, said)
        return (code, said)
    }

    deinit { _ = finish() }

    private final class Collected { var bytes: [UInt8] = []; let fd: Int32; init(_ fd: Int32) { self.fd = fd } }

    /// At most this much of its error output is kept (the rest is read and dropped).
    package static let errorOutputLimit = 1 << 16

    private static func startReader(_ fd: Int32) -> pthread_t? {
        let box = Unmanaged.passRetained(Collected(fd)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { raw in
                let box = Unmanaged<Collected>.fromOpaque(raw!).takeUnretainedValue()
                var chunk = [UInt8](repeating: 0, count: 4096)
                while true {
                    let n = chunk.withUnsafeMutableBytes { read(box.fd, $0.baseAddress, $0.count) }
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { break }
                    let room = ChildProcess.errorOutputLimit - box.bytes.count
                    if room > 0 { box.bytes.append(contentsOf: chunk[0..<min(n, room)]) }
                }
                return raw
            }, box)
        guard created == 0 else {
            Unmanaged<Collected>.fromOpaque(box).release()
            return nil
        }
        return thread
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
