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
@inline(__always)
func withTable(_ handle: OpaquePointer?, _ body: (Table) throws -> Void) -> Int32 {
    guard let handle else { return fail(FOLD_E_INVALID, "the table is NULL") }
    return TableBox.withBox(handle) { box in
        box.locked { table in
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
}

/// `withTable` for a query with one required output: checks `pointer`
/// (named `name` in the message), then stores what `body` returns.
func withTable<T>(_ handle: OpaquePointer?, output pointer: UnsafeMutablePointer<T>?, _ name: String,
                  _ body: (Table) throws -> T) -> Int32 {
    withTable(handle) { t in
        let out = try required(pointer, name)
        out.pointee = try body(t)
    }
}

/// `withTable(_:output:_:_:)` for a query about one section (FOLD_ROOT is
/// refused, after the output is checked).
func withSection<T>(_ handle: OpaquePointer?, _ section: UInt64, output pointer: UnsafeMutablePointer<T>?,
                    _ name: String, _ body: (Table, SectionRef) throws -> T) -> Int32 {
    withTable(handle, output: pointer, name) { t in try body(t, sectionRef(section)) }
}

/// `withTable(_:_:)` for a call about one section: FOLD_ROOT is refused
/// before `body` runs.
func withSection(_ handle: OpaquePointer?, _ section: UInt64, _ body: (Table, SectionRef) throws -> Void) -> Int32 {
    withTable(handle) { t in try body(t, sectionRef(section)) }
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

/// Writes a malloc'd copy of `value` (NULL for nil) when the caller asked for
/// it; allocates nothing otherwise.
func storeString(_ pointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ value: String?) {
    guard let pointer else { return }
    pointer.pointee = value.flatMap(mallocString)
}

/// Writes `*pointer = value` when the caller asked for it.
@inline(__always)
func store<T>(_ pointer: UnsafeMutablePointer<T>?, _ value: T) {
    pointer?.pointee = value
}

/// Writes a pair of counts to two optional outputs (`fold_table_match_count`,
/// `fold_table_selection_count`).
func store(_ first: UnsafeMutablePointer<Int64>?, _ second: UnsafeMutablePointer<Int64>?, _ counts: (Int, Int)) {
    store(first, Int64(counts.0))
    store(second, Int64(counts.1))
}

/// A section's path from C: `length` indices (1 to FOLD_MAX_DEPTH), checked
/// before they become Ints.
func path(_ pointer: UnsafePointer<Int64>?, _ length: Int64) throws -> [Int] {
    guard length != 0 else { throw FoldError(.invalidArgument, "a path has at least one index") }
    guard length > 0, length <= Int64(Limits.maxDepth) else {
        throw FoldError(.outOfRange, "path length \(length) is out of range (a section's path has 1 to \(Limits.maxDepth) indices)")
    }
    guard let pointer else { throw FoldError(.invalidArgument, "path is NULL") }
    return UnsafeBufferPointer(start: pointer, count: int(length)).map(int)
}

/// Writes a path into a caller's array of `capacity` and its length.
func writePath(_ path: [Int], _ out: UnsafeMutablePointer<Int64>?, _ capacity: Int64,
               _ outLength: UnsafeMutablePointer<Int64>?) throws {
    let outLength = try required(outLength, "out_length")
    guard capacity >= 0 else { throw FoldError(.outOfRange, "capacity \(capacity) must be >= 0") }
    guard out != nil || capacity == 0 else { throw FoldError(.invalidArgument, "out_path is NULL but capacity is \(capacity)") }
    if let out {
        for (i, index) in path.prefix(int(capacity)).enumerated() { out[i] = Int64(index) }
    }
    outLength.pointee = Int64(path.count)
}

/// A section id where a section is required: FOLD_ROOT is refused.
func sectionRef(_ id: UInt64) throws -> SectionRef {
    guard id != FOLD_ROOT else {
        throw FoldError(.invalidArgument, "FOLD_ROOT names the top level, not a section; pass a section id")
    }
    return .id(id)
}

/// A section id where a parent is asked for: FOLD_ROOT names the top level.
func parentRef(_ id: UInt64) -> SectionRef? {
    id == FOLD_ROOT ? nil : .id(id)
}

/// An insertion index: FOLD_INDEX_END means after the last of `count`.
func insertionIndex(_ index: Int64, count: () throws -> Int) rethrows -> Int {
    index == FOLD_INDEX_END ? try count() : int(index)
}

/// Copies `text` into a caller's buffer snprintf-style: at most
/// capacity - 1 bytes, cut at a UTF-8 character boundary, then a NUL; the
/// full length goes to `outLength`.
func writeText(_ text: String, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
               _ outLength: UnsafeMutablePointer<Int>?) throws {
    guard buffer != nil || capacity == 0 else {
        throw FoldError(.invalidArgument, "buffer is NULL but capacity is \(capacity)")
    }
    var text = text
    text.withUTF8 { utf8 in
        if let buffer, capacity > 0 {
            var n = min(utf8.count, capacity - 1)
            // Never end inside a character: back up over continuation bytes.
            while n > 0, n < utf8.count, utf8[n] & 0xC0 == 0x80 { n -= 1 }
            if n > 0, let base = utf8.baseAddress { memcpy(buffer, base, n) }
            buffer[n] = 0
        }
        outLength?.pointee = utf8.count
    }
}

/// One malloc'd block holding `items` as C structs followed by their
/// NUL-terminated keys, which the structs point into; the caller frees it
/// with fold_free(). Writes NULL and 0 for no items. Both outputs are
/// required (`out` named `name`, then `out_count`).
func packWithKeys<Item, CItem>(_ items: [Item], key: (Item) -> String,
                               _ make: (UnsafePointer<CChar>, Item) -> CItem,
                               into out: UnsafeMutablePointer<UnsafeMutablePointer<CItem>?>?, _ name: String,
                               count outCount: UnsafeMutablePointer<Int64>?) throws {
    let out = try required(out, name)
    let outCount = try required(outCount, "out_count")
    guard !items.isEmpty else {
        out.pointee = nil
        outCount.pointee = 0
        return
    }
    let head = items.count * MemoryLayout<CItem>.stride
    let bytes = head + items.reduce(0) { $0 + key($1).utf8.count + 1 }
    guard let block = malloc(bytes) else { throw FoldError(.internalError, "out of memory") }
    let structs = block.bindMemory(to: CItem.self, capacity: items.count)
    var text = (block + head).assumingMemoryBound(to: CChar.self)
    for (i, item) in items.enumerated() {
        let k = key(item)
        let length = k.utf8.count
        k.withCString { _ = memcpy(text, $0, length + 1) }
        (structs + i).initialize(to: make(UnsafePointer(text), item))
        text += length + 1
    }
    out.pointee = structs
    outCount.pointee = Int64(items.count)
}

/// Checks an output array's arguments: capacity >= 0, and `out` given
/// unless capacity is 0 (then only the total is asked for).
func checkArray(_ out: UnsafeMutableRawPointer?, _ capacity: Int64) throws {
    guard capacity >= 0 else { throw FoldError(.outOfRange, "capacity \(capacity) must be >= 0") }
    guard out != nil || capacity == 0 else { throw FoldError(.invalidArgument, "out is NULL but capacity is \(capacity)") }
}
