// Reading a user's file with POSIX calls: at most a limit plus one byte, so a huge or endless
// file (a FIFO, /dev/zero) costs nothing before it is refused. The binary links Foundation's
// essentials only (docs/platform.md#foundation-essentials-only): no FileHandle.
// Opened non-blocking: a FIFO nobody writes to blocked open(2) for ever (`--input fifo.json`
// hung); now it opens and reads as empty, while a pipe with a writer (`/dev/stdin`) still
// reads everything its writer sends (blocking reads restored after the open).
import Glibc

package enum InputFile {
    package enum Failure: Error, Equatable {
        /// The file could not be opened; `reason` is the system's (strerror).
        case cannotOpen(reason: String)
        /// Opened, but a read failed.
        case cannotRead(reason: String)

        /// The system's reason as a message's middle: "no such file or directory", "is a directory".
        package var reason: String {
            switch self {
            case .cannotOpen(let r), .cannotRead(let r): return r.prefix(1).lowercased() + r.dropFirst()
            }
        }
    }

    /// The file's first `limit + 1` bytes at most (fewer when it is shorter).
    package static func bytes(atPath path: String, limit: Int) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .cannotOpen(reason: reason(errno)) }
        defer { close(fd) }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else { throw .cannotRead(reason: reason(errno)) }
        let wanted = min(max(0, limit), Int.max - 1) + 1
        var out = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: min(wanted, 1 << 16))
        while out.count < wanted {
            let asked = min(chunk.count, wanted - out.count)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, asked) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(reason: reason(errno))
            }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
        }
        return out
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
