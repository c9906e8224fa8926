// Text to file descriptor 2 (Foundation's FileHandle.standardError, which the binary no longer
// links: docs/platform.md#foundation-essentials-only). Whole writes, EINTR retried.
import Glibc

package enum StandardError {
    package static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }
}
