import Glibc

/// A mutual-exclusion lock for state that several fields share, locked and unlocked around
/// blocks that `Mutex`'s single closure cannot express (a watch's descriptors, an output's
/// buffer). `NSLock` without full Foundation: a POSIX mutex, owned here and destroyed in
/// `deinit`.
package final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// An unlocked lock.
    package init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Waits for the lock and takes it.
    package func lock() { pthread_mutex_lock(mutex) }

    /// Releases the lock.
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
