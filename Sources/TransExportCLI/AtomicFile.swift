// Output is written to a temporary name and renamed, so a reader never sees half a file: every
// file of a run is made first (OutputPlan), then each is written whole and renamed into place.
// The temporary is an unnamed O_TMPFILE while it is filled (a SIGKILL then leaves nothing);
// it gets the name `.NAME.tmp-PID` only for the moment before the rename. A run removes such
// names left by processes that no longer exist, and SIGINT/SIGTERM remove the current one.
import FoundationEssentials
import Glibc
import Platform
import TransExport

extension TransExportError {
    /// An output folder or file that could not be written, in our words (exit 1).
    static func output(_ message: String) -> TransExportError {
        TransExportError(kind: .export, file: "", location: nil, path: "", expected: message)
    }
}

/// The files of one run, made before any is written. Transitions are exported on every core
/// (ParallelMap), so adding is locked; the bytes of each file never depend on the order. Text
/// is kept as its String: the gallery card holds the same SVG and Lottie Strings, so the two
/// share one buffer instead of a String and a copy of its bytes (BENCHMARKS.md#the-default-run-under-60-mb).
package final class OutputPlan: @unchecked Sendable {
    /// A planned file's contents.
    enum Contents {
        case text(String)
        case bytes(Data)
    }
    private let lock = Lock()
    private var entries: [(url: URL, contents: Contents)] = []
    package init() {}

    /// The files planned so far, in the order they were added.
    package var urls: [URL] { lock.withLock { entries.map(\.url) } }

    func removeAll() { lock.withLock { entries = [] } }

    package func add(_ text: String, to url: URL) { add(.text(text), to: url) }

    package func add(_ data: Data, to url: URL) { add(.bytes(data), to: url) }

    private func add(_ contents: Contents, to url: URL) {
        lock.withLock {
            entries.removeAll { $0.url == url }
            entries.append((url, contents))
        }
    }

    /// Writes every file, each atomically; stops at the first failure. A destination that is
    /// not a regular file (a device, a FIFO, a folder, a link to one) refuses the run before
    /// anything is written.
    package func write() throws {
        var prepared: Set<String> = []
        let files = lock.withLock { entries }
        for f in files { try AtomicFile.checkDestination(f.url) }
        for f in files {
            let dir = f.url.deletingLastPathComponent()
            if prepared.insert(dir.path).inserted {
                try AtomicFile.prepareFolder(dir)
                AtomicFile.removeStaleTemporaries(in: dir)
            }
            switch f.contents {
            case .text(let text): try AtomicFile.write(text, to: f.url)
            case .bytes(let data): try AtomicFile.write(data, to: f.url)
            }
        }
    }
}

enum AtomicFile {
    static let marker = ".tmp-"
    /// Linux's O_TMPFILE (__O_TMPFILE | O_DIRECTORY); Glibc's macro does not import into Swift.
    static let openTemporary: Int32 = 0o20000000 | O_DIRECTORY

    /// Text is written from its own UTF-8 storage, not copied to bytes first.
    static func write(_ text: String, to url: URL) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0), to: url) }
    }

    /// Bytes (the raster formats) go the same way as text.
    static func write(_ data: Data, to url: URL) throws {
        try data.withUnsafeBytes { try write($0, to: url) }
    }

    static func write(_ bytes: UnsafeRawBufferPointer, to url: URL) throws {
        let dir = url.deletingLastPathComponent()
        try prepareFolder(dir)
        try checkDestination(url)
        SignalCleanup.installOnce()
        let tmp = dir.appendingPathComponent(".\(url.lastPathComponent)\(marker)\(getpid())").path
        // Unnamed while filled; `linkat` names it just before the rename.
        var fd = open(dir.path, openTemporary | O_WRONLY | O_CLOEXEC, 0o644)
        let unnamed = fd >= 0
        if !unnamed {
            SignalCleanup.current(tmp)
            fd = open(tmp, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else { SignalCleanup.current(nil); throw failure(errno, writing: url) }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + written, bytes.count - written)
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno
                if !unnamed { unlink(tmp) }
                SignalCleanup.current(nil)
                throw failure(e, writing: url)
            }
            written += n
        }
        if unnamed {
            SignalCleanup.current(tmp)
            unlink(tmp)  // ours from a killed run with this pid; linkat will not replace it
            guard linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, tmp, AT_SYMLINK_FOLLOW) == 0 else {
                let e = errno
                SignalCleanup.current(nil)
                throw failure(e, writing: url)
            }
        }
        if rename(tmp, url.path) != 0 {
            let e = errno
            unlink(tmp)
            SignalCleanup.current(nil)
            throw failure(e, writing: url)
        }
        SignalCleanup.current(nil)
    }

    /// The rename would replace whatever has the name: fine for a regular file (or a link to
    /// one, which the new file replaces), never for a device such as /dev/null, a FIFO, a
    /// socket or a folder (or a link to one).
    static func checkDestination(_ url: URL) throws {
        var st = stat()
        guard lstat(url.path, &st) == 0 else { return }  // nothing there yet
        var kind = st.st_mode & S_IFMT
        var through = ""
        if kind == S_IFLNK {
            guard stat(url.path, &st) == 0 else { return }  // a dangling link: replaced like a file
            kind = st.st_mode & S_IFMT
            through = " (through a symbolic link)"
        }
        let what: String
        switch kind {
        case S_IFREG: return
        case S_IFDIR where through.isEmpty: throw failure(EISDIR, writing: url)
        case S_IFDIR: what = "a folder"
        case S_IFCHR, S_IFBLK: what = "a device"
        case S_IFIFO: what = "a FIFO (named pipe)"
        case S_IFSOCK: what = "a socket"
        default: what = "an unknown kind of file"
        }
        throw TransExportError.output(
            "cannot write \(url.path): it is \(what)\(through), not a regular file; "
                + "remove it or choose another --output folder")
    }

    /// Creates the folder (and missing parents); a problem is one line in our words.
    static func prepareFolder(_ dir: URL) throws {
        var isDir = false
        if FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir) {
            guard isDir else { throw TransExportError.output("cannot write into \(dir.path): it is a file, not a folder") }
            guard access(dir.path, W_OK | X_OK) == 0 else { throw failure(errno, folder: dir) }
            return
        }
        // Walk up to the first existing ancestor to say what is in the way.
        var ancestor = dir.deletingLastPathComponent()
        while ancestor.path != "/" && !FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDir) {
            ancestor = ancestor.deletingLastPathComponent()
        }
        if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDir), !isDir {
            throw TransExportError.output("cannot create the folder \(dir.path): \(ancestor.path) is a file, not a folder")
        }
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        } catch {
            let e = access(ancestor.path, W_OK | X_OK) == 0 ? EIO : errno
            throw failure(e, folder: dir)
        }
    }

    /// `.NAME.tmp-PID` files whose process is gone (a run killed before its rename).
    static func removeStaleTemporaries(in dir: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return }
        for name in names where name.hasPrefix(".") {
            guard let r = name.lastLiteralRange(of: marker), let pid = Int32(name[r.upperBound...]), pid > 0 else { continue }
            if pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) {
                unlink(dir.appendingPathComponent(name).path)
            }
        }
    }

    static func failure(_ code: Int32, writing url: URL) -> TransExportError {
        TransExportError.output("cannot write \(url.path): \(reason(code))")
    }

    static func failure(_ code: Int32, folder: URL) -> TransExportError {
        TransExportError.output("cannot write into the folder \(folder.path): \(reason(code))")
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "the file system is read-only"
        case ENOSPC, EDQUOT: return "the disk is full"
        case EISDIR: return "a folder of that name is in the way"
        case ENOTDIR: return "a file is in the way where a folder should be"
        case ENAMETOOLONG: return "the name is too long"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}

/// SIGINT/SIGTERM during a write: remove the named temporary, then die of the signal as usual.
enum SignalCleanup {
    /// The temporary's path as a C string, read by the handler (no allocation there).
    nonisolated(unsafe) static var path = UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
    nonisolated(unsafe) static var installed = false

    static func installOnce() {
        guard !installed else { return }
        installed = true
        path[0] = 0
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { sig in
                if SignalCleanup.path[0] != 0 { unlink(SignalCleanup.path) }
                signal(sig, SIG_DFL)
                raise(sig)
            }
        }
    }

    static func current(_ tmp: String?) {
        guard let tmp, tmp.utf8.count <= Int(PATH_MAX) else { path[0] = 0; return }
        path[0] = 0
        let n = tmp.utf8.count
        tmp.withCString { _ = memcpy(path + 1, $0 + 1, n) }  // all but the first byte, then the first
        path[n] = 0
        tmp.withCString { path[0] = $0[0] }
    }
}
