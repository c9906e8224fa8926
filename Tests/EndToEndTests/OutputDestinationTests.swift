import Foundation
import XCTest

/// Issue 15: a destination that is not a regular file is refused, never replaced (a device such
/// as /dev/null once became a regular file); a full disk is one line in our words, exit 1.
final class OutputDestinationTests: BinaryTestCase {
    func kind(_ path: String) -> mode_t {
        var st = stat()
        XCTAssertEqual(lstat(path, &st), 0, path)
        return st.st_mode & S_IFMT
    }

    func testAFIFOInPlaceOfAFileIsRefusedAndKept() throws {
        let out = tmp.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let fifo = out.appendingPathComponent("douyin-present.json").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let r = try ToolRunner.run(["--template", "douyin-present", "--format", "svg,lottie", "--output", out.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(
            r.stderr, "trans-export: cannot write \(fifo): it is a FIFO (named pipe), not a regular file; remove it or choose another --output folder\n")
        XCTAssertEqual(kind(fifo), S_IFIFO)
        XCTAssertEqual(files(in: out), ["douyin-present.json"], "nothing is written, the SVG neither")
    }

    /// A symbolic link to a FIFO (standing in for /dev/null): the link and the FIFO stay.
    func testALinkToANonFileIsRefusedAndKept() throws {
        let out = tmp.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let fifo = tmp.appendingPathComponent("pipe").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let link = out.appendingPathComponent("douyin-present.svg").path
        XCTAssertEqual(symlink(fifo, link), 0)
        let r = try ToolRunner.run(["--template", "douyin-present", "--format", "svg", "--output", out.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(
            r.stderr,
            "trans-export: cannot write \(link): it is a FIFO (named pipe) (through a symbolic link), not a regular file; "
                + "remove it or choose another --output folder\n")
        XCTAssertEqual(kind(link), S_IFLNK)
        XCTAssertEqual(kind(fifo), S_IFIFO)
        // A link to a regular file is replaced by the new file, as before; its target is left alone.
        let target = tmp.appendingPathComponent("old.svg")
        try "old".write(to: target, atomically: false, encoding: .utf8)
        XCTAssertEqual(unlink(link), 0)
        XCTAssertEqual(symlink(target.path, link), 0)
        XCTAssertEqual(try ToolRunner.run(["--template", "douyin-present", "--format", "svg", "--output", out.path]).status, 0)
        XCTAssertEqual(kind(link), S_IFREG)
        XCTAssertEqual(try String(contentsOf: target, encoding: .utf8), "old")
    }

    /// A 16 KiB tmpfs as the output folder. Mounting needs root or a user namespace
    /// (`unshare -rm`, which needs no root where the kernel allows it); the mount lives and dies
    /// with the namespace. Skipped, with the reason, where neither is permitted.
    func testAFullDiskIsOneLineAndLeavesNoTemporaries() throws {
        let probe = try shell(["unshare", "-rm", "true"])
        guard probe.status == 0 else { throw XCTSkip("cannot make a mount namespace (unshare -rm): \(probe.stderr)") }
        let dir = tmp.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let script = """
            mount -t tmpfs -o size=16k tmpfs "$1" || exit 97
            "$2" --template douyin-present --format svg,lottie --output "$1"; status=$?
            ls -A "$1"
            exit $status
            """
        let r = try shell(["unshare", "-rm", "sh", "-c", script, "sh", dir.path, ToolRunner.binary.path])
        if r.status == 97 { throw XCTSkip("mount -t tmpfs is not permitted here: \(r.stderr)") }
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stderr, "trans-export: cannot write \(dir.path)/douyin-present.svg: the disk is full\n")
        XCTAssertEqual(r.stdout, "", "no temporaries and no partial file in the full folder")
    }

    func shell(_ arguments: [String]) throws -> ToolResult {
        try ToolRunner.run(executable: URL(fileURLWithPath: "/usr/bin/env"), arguments)
    }
}
