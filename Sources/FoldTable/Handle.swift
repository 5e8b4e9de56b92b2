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

    init(_ table: Table) {
        self.table = table
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func locked(_ body: (Table) -> Int32) -> Int32 {
        let me = UInt(pthread_self())
        if owner.load(ordering: .relaxed) == me { return body(table) }
        pthread_mutex_lock(mutex)
        owner.store(me, ordering: .relaxed)
        defer {
            owner.store(0, ordering: .relaxed)
            pthread_mutex_unlock(mutex)
        }
        return body(table)
    }

    func retainedHandle() -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(self).toOpaque())
    }

    static func from(_ handle: OpaquePointer) -> TableBox {
        Unmanaged<TableBox>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    }

    static func release(_ handle: OpaquePointer) {
        Unmanaged<TableBox>.fromOpaque(UnsafeRawPointer(handle)).release()
    }
}
