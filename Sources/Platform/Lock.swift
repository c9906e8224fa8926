// A mutual-exclusion lock over pthreads, as Foundation's NSLock is: the binary links Foundation's
// essentials only (docs/platform.md#foundation-essentials-only), which have no NSLock, and
// Synchronization's Mutex wants its value inside it, where these callers guard a class's fields.
import Glibc

package final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// `body` with the lock held.
    package func withLock<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
