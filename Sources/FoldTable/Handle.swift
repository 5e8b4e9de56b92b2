#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFoldTable
import Synchronization
import FoldTableCore

/// What a `fold_table *` points to: the engine plus the lock that serializes
/// calls on it. Only this file touches `Unmanaged`.
final class TableBox {
    let table: Table
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// The thread inside a call. A listener running inside that call may
    /// call back in on the same thread: it must not lock again (deadlock);
    /// the core lets it read and refuses changes with FOLD_E_BUSY.
    private let owner = Atomic<UInt>(0)
    /// fold_table_free was called inside a call on this table (from one of
    /// its callbacks, on the owner thread): the outermost call releases the
    /// box when it returns. Read and written only by the owner, under the lock.
    private var freeWhenDone = false

    init(_ table: Table) {
        self.table = table
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        // Create the thread-local key before the table can be shared: a
        // thread that gets the handle then sees it made (swift_once is not
        // instrumented, so ThreadSanitizer could not tell otherwise).
        CallbackDepth.prepare()
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` under the table's lock. Uncontended, it costs a trylock,
    /// an unlock and two relaxed stores (the trylock replaces the lock, so
    /// nothing is added on the query path).
    func locked(_ body: (Table) -> Int32) -> Int32 {
        let me = UInt(pthread_self())
        if owner.load(ordering: .relaxed) == me { return body(table) }
        if pthread_mutex_trylock(mutex) != 0 {
            // Another thread is inside a call on this table. Waiting is safe
            // only if this thread holds no other table's lock, that is, is not
            // inside a callback: a thread that holds table A and waits for B
            // while B's owner waits for A would hang both (A->B vs B->A).
            guard CallbackDepth.current == 0 else {
                return fail(FOLD_E_BUSY, "the table is in use by another thread while this thread is "
                            + "inside a callback of another table; waiting could deadlock, so nothing "
                            + "was done (make the call after the callback returns)")
            }
            pthread_mutex_lock(mutex)
        }
        owner.store(me, ordering: .relaxed)
        let status = body(table)
        // Freed during the call: the loads that closing cancelled reach the
        // loader now, still under the lock (it may call in).
        if freeWhenDone { table.deliverLoadCalls() }
        owner.store(0, ordering: .relaxed)
        let release = freeWhenDone
        pthread_mutex_unlock(mutex)
        // The last use of self: a free deferred by a callback happens now.
        if release { Unmanaged.passUnretained(self).release() }
        return status
    }

    /// fold_table_free: cancels the loads under way (the loader hears
    /// CANCEL for each, under the lock) and frees; inside a call on this
    /// table on this thread (a callback freeing its own table), it closes
    /// the loads and unregisters every other callback at once and leaves the
    /// CANCEL calls and the free to the outermost call.
    func free() {
        if owner.load(ordering: .relaxed) == UInt(pthread_self()) {
            close()
            return
        }
        let status = locked { _ in
            close()
            return FOLD_OK
        }
        // `locked` released the box (freeWhenDone); if it could not run (this
        // thread is inside another table's callback while this one is busy),
        // free as before, without the CANCEL calls.
        if status != FOLD_OK { Unmanaged.passUnretained(self).release() }
    }

    /// Marks the box for release when the outermost call returns, closing
    /// the table's loads and dropping its other callbacks (once).
    private func close() {
        guard !freeWhenDone else { return }
        freeWhenDone = true
        table.closeLoads()
        table.removeAllCallbacks()
    }

    func retainedHandle() -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(self).toOpaque())
    }

    static func from(_ handle: OpaquePointer) -> TableBox {
        Unmanaged<TableBox>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    }

    /// Calls `body` with the box `handle` points to, not retained: the
    /// caller's handle keeps it alive, and a free from inside the call is
    /// deferred to the end of `locked`, its last use of the box. A retain
    /// and release per call were an atomic write each on every query.
    @inline(__always)
    static func withBox(_ handle: OpaquePointer, _ body: (TableBox) -> Int32) -> Int32 {
        Unmanaged<TableBox>.fromOpaque(UnsafeRawPointer(handle))._withUnsafeGuaranteedRef(body)
    }
}

/// How many library callbacks this thread is inside (of any table). A thread
/// inside a callback holds that table's lock, so it must not wait for
/// another table's lock (TableBox.locked).
enum CallbackDepth {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        _ = pthread_key_create(&key, nil)
        return key
    }()

    static var current: Int { Int(bitPattern: pthread_getspecific(key)) }

    static func prepare() { _ = key }

    /// Runs a user's callback, counted.
    @inline(__always)
    static func inside<R>(_ call: () -> R) -> R {
        let depth = current
        _ = pthread_setspecific(key, UnsafeRawPointer(bitPattern: depth + 1))
        defer { _ = pthread_setspecific(key, UnsafeRawPointer(bitPattern: depth)) }
        return call()
    }
}
