// A condition variable with its mutex over pthreads, as Foundation's NSCondition is (the binary
// links Foundation's essentials only: docs/platform.md#foundation-essentials-only).
import Glibc

package final class Condition: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let cond: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        cond = .allocate(capacity: 1)
        cond.initialize(to: pthread_cond_t())
        pthread_cond_init(cond, nil)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        cond.deallocate()
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }
    /// Releases the lock until signalled (or spuriously woken: callers wait in a loop), then holds it again.
    package func wait() { pthread_cond_wait(cond, mutex) }
    package func broadcast() { pthread_cond_broadcast(cond) }
    package func signal() { pthread_cond_signal(cond) }
}
