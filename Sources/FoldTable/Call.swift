#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFoldTable
import FoldTableCore

// The few helpers every thunk uses: lock and run, convert C inputs with
// checks, map errors to a status. Nothing here knows engine rules.

/// Runs `body` on the table behind `handle` under its lock; a thrown
/// `FoldError` becomes its status and this thread's last-error message.
func withTable(_ handle: OpaquePointer?, _ body: (Table) throws -> Void) -> Int32 {
    guard let handle else { return fail(FOLD_E_INVALID, "the table is NULL") }
    return TableBox.from(handle).locked { table in
        do {
            try body(table)
            return FOLD_OK
        } catch let error as FoldError {
            return fail(error)
        } catch {
            return fail(FOLD_E_INTERNAL, "\(error)")
        }
    }
}

/// A required output pointer.
func required<T>(_ pointer: UnsafeMutablePointer<T>?, _ name: String) throws -> UnsafeMutablePointer<T> {
    guard let pointer else { throw FoldError(.invalidArgument, "\(name) is NULL") }
    return pointer
}

/// A required input string: NUL-terminated, valid UTF-8.
func string(_ pointer: UnsafePointer<CChar>?, _ name: String) throws -> String {
    guard let pointer else { throw FoldError(.invalidArgument, "\(name) is NULL") }
    guard let value = String(validatingCString: pointer) else {
        throw FoldError(.invalidArgument, "\(name) is not valid UTF-8")
    }
    return value
}

/// An optional input string: NULL means "".
func optionalString(_ pointer: UnsafePointer<CChar>?, _ name: String) throws -> String {
    pointer == nil ? "" : try string(pointer, name)
}

/// An index or count from C as an Int (identical on 64-bit platforms).
@inline(__always)
func int(_ value: Int64) -> Int { Int(truncatingIfNeeded: value) }

/// A per-section or per-row height from C: FOLD_HEIGHT_DEFAULT means nil.
func heightOrDefault(_ value: Double) -> Double? {
    value == FOLD_HEIGHT_DEFAULT ? nil : value
}

/// A copy of `value` the caller frees with fold_free().
func mallocString(_ value: String) -> UnsafeMutablePointer<CChar>? {
    strdup(value)
}

/// Writes `*pointer = value` when the caller asked for it.
@inline(__always)
func store<T>(_ pointer: UnsafeMutablePointer<T>?, _ value: T) {
    pointer?.pointee = value
}
