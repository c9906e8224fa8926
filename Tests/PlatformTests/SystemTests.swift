// Bounded file reads, the lock and condition, running a program (Platform).
import Dispatch
import Glibc
import Platform
import XCTest

final class SystemTests: XCTestCase {
    func testAReadStopsOneBytePastTheLimit() throws {
        XCTAssertEqual(try InputFile.bytes(atPath: "/dev/zero", limit: 10).count, 11, "an endless file costs the limit + 1")
        let path = "/tmp/platform-read-\(getpid())"
        defer { unlink(path) }
        let text = Array("0123456789".utf8)
        XCTAssertTrue(PosixFile.write(text, to: path))
        XCTAssertEqual(try InputFile.bytes(atPath: path, limit: 100), text)
        XCTAssertEqual(try InputFile.bytes(atPath: path, limit: 4), Array(text.prefix(5)))
        XCTAssertEqual(try InputFile.bytes(atPath: path, limit: 0), [text[0]])
        XCTAssertThrowsError(try InputFile.bytes(atPath: path + "-missing", limit: 4)) { error in
            XCTAssertEqual(error as? InputFile.Failure, .cannotOpen(reason: "No such file or directory"))
        }
        XCTAssertThrowsError(try InputFile.bytes(atPath: "/", limit: 4)) { error in
            XCTAssertEqual(error as? InputFile.Failure, .cannotRead(reason: "Is a directory"))
            XCTAssertEqual((error as? InputFile.Failure)?.reason, "is a directory")
        }
    }

    /// A FIFO nobody writes to blocked open(2) for ever (`--input fifo.json` hung); it now reads
    /// as empty at once. A pipe with data (what `/dev/stdin` is when piped) still reads it all.
    func testAFIFOWithoutAWriterReadsAsEmptyAndAPipeReadsItsData() throws {
        let fifo = "/tmp/platform-fifo-\(getpid())"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        defer { unlink(fifo) }
        XCTAssertEqual(try InputFile.bytes(atPath: fifo, limit: 10), [])
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]) }
        let text = Array("{\"piped\": true}".utf8)
        XCTAssertEqual(text.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }, text.count)
        close(ends[1])
        XCTAssertEqual(try InputFile.bytes(atPath: "/proc/self/fd/\(ends[0])", limit: 100), text)
    }

    func testTheLockKeepsEveryIncrement() {
        final class Counter: @unchecked Sendable { var n = 0 }
        let lock = Lock(), counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { lock.withLock { counter.n += 1 } }
        }
        XCTAssertEqual(counter.n, 80_000)
    }

    func testTheConditionWakesAWaiter() {
        final class Box: @unchecked Sendable { var ready = false, seen = false }
        let condition = Condition(), box = Box(), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            condition.lock()
            while !box.ready { condition.wait() }
            box.seen = true
            condition.unlock()
            done.signal()
        }
        usleep(20_000)
        condition.lock()
        box.ready = true
        condition.broadcast()
        condition.unlock()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertTrue(box.seen)
    }

    /// Its input is written and closed, its error output collected, its status returned.
    func testAProgramReadsItsInputAndReportsItsStatus() throws {
        let script = "n=$(wc -c); echo \"got $n\" >&2; echo to-dev-null; exit 3"
        let child = try ChildProcess(program: "/bin/sh", arguments: ["-c", script])
        try child.write(Array(repeating: 65, count: 200_000))
        let (status, said) = child.finish()
        XCTAssertEqual(status, 3)
        XCTAssertEqual(String(decoding: said, as: UTF8.self), "got 200000\n")
        XCTAssertEqual(child.finish().status, 3, "finishing twice gives the same outcome")
    }

    /// Its error output is drained whatever its length (the program never blocks) and its first
    /// 64 KiB kept.
    func testALongErrorOutputIsDrainedAndCut() throws {
        let child = try ChildProcess(program: "/bin/sh", arguments: ["-c", "head -c 300000 /dev/zero | tr '\\0' x >&2; exit 0"])
        let (status, said) = child.finish()
        XCTAssertEqual(status, 0)
        XCTAssertEqual(said.count, ChildProcess.errorOutputLimit)
        XCTAssertEqual(said.count, 65_536)
        XCTAssertTrue(said.allSatisfy { $0 == UInt8(ascii: "x") })
    }

    func testAKilledProgramAndAMissingOne() throws {
        let child = try ChildProcess(program: "/bin/sh", arguments: ["-c", "kill -9 $$"])
        XCTAssertEqual(child.finish().status, 128 + 9)
        XCTAssertThrowsError(try ChildProcess(program: "/nonexistent/ffmpeg", arguments: [])) { error in
            XCTAssertEqual("\(error)", "cannot start /nonexistent/ffmpeg: No such file or directory")
        }
        // Writing to a program that has exited is an error (EPIPE), not a SIGPIPE death.
        signal(SIGPIPE, SIG_IGN)
        let gone = try ChildProcess(program: "/bin/true", arguments: [])
        usleep(100_000)
        XCTAssertThrowsError(try gone.write(Array(repeating: 0, count: 1 << 20)))
        XCTAssertEqual(gone.finish().status, 0)
    }
}

/// A file written with POSIX calls (the test needs no Foundation either).
enum PosixFile {
    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count
    }
}
