#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFoldTable
import FoldTableCore

/// The thread-local last-error message: a malloc'd C string per thread,
/// freed when the thread ends or the next failure replaces it.
private let errorKey: pthread_key_t = {
    var key = pthread_key_t()
    _ = pthread_key_create(&key) { free($0) }
    return key
}()

private let emptyMessage: StaticString = ""

/// Records `message` for this thread and returns `status`.
func fail(_ status: Int32, _ message: String) -> Int32 {
    let previous = pthread_getspecific(errorKey)
    _ = pthread_setspecific(errorKey, strdup(message))
    free(previous)
    return status
}

func fail(_ error: FoldError) -> Int32 {
    fail(error.code.rawValue, error.message)
}

@_cdecl("fold_last_error_message")
public func fold_last_error_message() -> UnsafePointer<CChar> {
    if let message = pthread_getspecific(errorKey) {
        return UnsafePointer(message.assumingMemoryBound(to: CChar.self))
    }
    return UnsafeRawPointer(emptyMessage.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("fold_status_name")
public func fold_status_name(_ status: Int32) -> UnsafePointer<CChar> {
    let name: StaticString
    switch status {
    case FOLD_OK: name = "FOLD_OK"
    case FOLD_E_INVALID: name = "FOLD_E_INVALID"
    case FOLD_E_RANGE: name = "FOLD_E_RANGE"
    case FOLD_E_NOT_FOUND: name = "FOLD_E_NOT_FOUND"
    case FOLD_E_DUPLICATE: name = "FOLD_E_DUPLICATE"
    case FOLD_E_NOT_VISIBLE: name = "FOLD_E_NOT_VISIBLE"
    case FOLD_E_BUSY: name = "FOLD_E_BUSY"
    case FOLD_E_NOT_ALLOWED: name = "FOLD_E_NOT_ALLOWED"
    case FOLD_E_CANCELLED: name = "FOLD_E_CANCELLED"
    case FOLD_E_INTERNAL: name = "FOLD_E_INTERNAL"
    default: name = "unknown status"
    }
    return UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// FOLD_VERSION_STRING from the header (the one source of the version; the
/// importer turns the string macro into a String): copied once into a C
/// string that lives as long as the process, since fold_version_string hands
/// out a static pointer.
private let versionString: UnsafePointer<CChar> = UnsafePointer(strdup(FOLD_VERSION_STRING)!)

@_cdecl("fold_version_number")
public func fold_version_number() -> Int32 {
    FOLD_VERSION_MAJOR * 1_000_000 + FOLD_VERSION_MINOR * 1_000 + FOLD_VERSION_PATCH
}

@_cdecl("fold_version_string")
public func fold_version_string() -> UnsafePointer<CChar> {
    versionString
}

@_cdecl("fold_free")
public func fold_free(_ pointer: UnsafeMutableRawPointer?) {
    free(pointer)
}
