#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a snapshot's entries are read from: Swift values (`[SnapshotEntry]`)
/// or C's entries in place (`RawSnapshot`). Keys and headers are compared
/// where they lie and made into Swift strings only when the table keeps
/// them (a new section's, a changed header): turning every C string of an
/// unchanged snapshot into a Swift string was a fifth of its cost.
protocol SnapshotSource {
    var count: Int { get }
    func kind(_ i: Int) -> SnapshotEntry.Kind
    func depth(_ i: Int) -> Int
    func rows(_ i: Int) -> Int
    func flags(_ i: Int) -> SectionFlags
    /// A height, `Table.keepHeight` or `Table.defaultHeight` (unchecked).
    func headerHeight(_ i: Int) -> Double
    func footerHeight(_ i: Int) -> Double
    func rowHeight(_ i: Int) -> Double
    /// Whether entry `i`'s key is empty; throws when it has none.
    func keyIsEmpty(_ i: Int) throws -> Bool
    /// Whether entry `i`'s key is `s` (false for a key that is not text).
    func key(_ i: Int, equals s: String) -> Bool
    /// Entry `i`'s key as a string; throws for one that is not text.
    func key(_ i: Int) throws -> String
    func header(_ i: Int, equals s: String) -> Bool
    func header(_ i: Int) throws -> String
}

extension Array: SnapshotSource where Element == SnapshotEntry {
    func kind(_ i: Int) -> SnapshotEntry.Kind { self[i].kind }
    func depth(_ i: Int) -> Int { self[i].depth }
    func rows(_ i: Int) -> Int { self[i].rows }
    func flags(_ i: Int) -> SectionFlags { self[i].flags }
    func headerHeight(_ i: Int) -> Double { self[i].headerHeight }
    func footerHeight(_ i: Int) -> Double { self[i].footerHeight }
    func rowHeight(_ i: Int) -> Double { self[i].rowHeight }
    func keyIsEmpty(_ i: Int) -> Bool { self[i].key.isEmpty }
    func key(_ i: Int, equals s: String) -> Bool { self[i].key == s }
    func key(_ i: Int) -> String { self[i].key }
    func header(_ i: Int, equals s: String) -> Bool { self[i].header == s }
    func header(_ i: Int) -> String { self[i].header }
}

/// Snapshot entries read in place from memory the caller owns for the
/// call (the C ABI's `fold_snapshot_entry` array), described by the
/// offsets of their fields so the core needs no C types. Keys and headers
/// are NUL-terminated UTF-8 (a NULL header is ""), checked when read as
/// strings. The kind and the heights' bits are the caller's to check.
public struct RawSnapshot {
    /// Where each field lies in an entry, and which `heights` bit says a
    /// height is given (unset: `Table.keepHeight`).
    public struct Layout: Sendable {
        var stride: Int
        var kind: Int         // Int32: 0 section, 1 rows
        var depth: Int        // Int32
        var key: Int          // const char *
        var header: Int       // const char *
        var rows: Int         // Int64
        var flags: Int        // UInt32
        var heights: Int      // UInt32
        var headerHeight: Int // Double
        var footerHeight: Int
        var rowHeight: Int
        var headerBit: UInt32
        var footerBit: UInt32
        var rowBit: UInt32

        /// The layout of `Entry`, a struct laid out as C's `fold_snapshot_entry`,
        /// each field named by its key path: a field of another type than
        /// the reader loads does not compile. The bits are `heights`' bits.
        public init<Entry>(of _: Entry.Type, kind: KeyPath<Entry, Int32>, depth: KeyPath<Entry, Int32>,
                           key: KeyPath<Entry, UnsafePointer<CChar>?>,
                           header: KeyPath<Entry, UnsafePointer<CChar>?>, rows: KeyPath<Entry, Int64>,
                           flags: KeyPath<Entry, UInt32>, heights: KeyPath<Entry, UInt32>,
                           headerHeight: KeyPath<Entry, Double>, footerHeight: KeyPath<Entry, Double>,
                           rowHeight: KeyPath<Entry, Double>, headerBit: UInt32, footerBit: UInt32, rowBit: UInt32) {
            // A key path to a stored field always has an offset; these are
            // fixed when the caller compiles, no C input reaches them.
            func offset(_ field: PartialKeyPath<Entry>) -> Int { MemoryLayout<Entry>.offset(of: field)! }
            self.stride = MemoryLayout<Entry>.stride
            self.kind = offset(kind)
            self.depth = offset(depth)
            self.key = offset(key)
            self.header = offset(header)
            self.rows = offset(rows)
            self.flags = offset(flags)
            self.heights = offset(heights)
            self.headerHeight = offset(headerHeight)
            self.footerHeight = offset(footerHeight)
            self.rowHeight = offset(rowHeight)
            self.headerBit = headerBit
            self.footerBit = footerBit
            self.rowBit = rowBit
        }
    }

    let base: UnsafeRawPointer?
    let count: Int
    let layout: Layout

    /// `count` entries at `base` (nil only when count is 0).
    public init(base: UnsafeRawPointer?, count: Int, layout: Layout) {
        self.base = base
        self.count = count
        self.layout = layout
    }
}

extension RawSnapshot: SnapshotSource {
    @inline(__always)
    private func field<T>(_ i: Int, _ offset: Int, _ type: T.Type) -> T {
        base.unsafelyUnwrapped.loadUnaligned(fromByteOffset: i * layout.stride + offset, as: type)
    }

    func kind(_ i: Int) -> SnapshotEntry.Kind { field(i, layout.kind, Int32.self) == 1 ? .rows : .section }
    func depth(_ i: Int) -> Int { Int(field(i, layout.depth, Int32.self)) }
    func rows(_ i: Int) -> Int { Int(truncatingIfNeeded: field(i, layout.rows, Int64.self)) }
    func flags(_ i: Int) -> SectionFlags { SectionFlags(rawValue: field(i, layout.flags, UInt32.self)) }

    private func height(_ i: Int, _ offset: Int, _ bit: UInt32) -> Double {
        field(i, layout.heights, UInt32.self) & bit == 0 ? Table.keepHeight : field(i, offset, Double.self)
    }
    func headerHeight(_ i: Int) -> Double { height(i, layout.headerHeight, layout.headerBit) }
    func footerHeight(_ i: Int) -> Double { height(i, layout.footerHeight, layout.footerBit) }
    func rowHeight(_ i: Int) -> Double { height(i, layout.rowHeight, layout.rowBit) }

    private func text(_ i: Int, _ offset: Int) -> UnsafePointer<UInt8>? {
        field(i, offset, UnsafeRawPointer?.self)?.assumingMemoryBound(to: UInt8.self)
    }

    func keyIsEmpty(_ i: Int) throws -> Bool {
        guard let p = text(i, layout.key) else { throw FoldError(.invalidArgument, "key is NULL") }
        return p.pointee == 0
    }
    func key(_ i: Int, equals s: String) -> Bool { Self.bytes(text(i, layout.key), equal: s) }
    func key(_ i: Int) throws -> String { try Self.string(text(i, layout.key), "key", nullIsEmpty: false) }
    func header(_ i: Int, equals s: String) -> Bool {
        guard let p = text(i, layout.header) else { return s.isEmpty }
        return Self.bytes(p, equal: s)
    }
    func header(_ i: Int) throws -> String { try Self.string(text(i, layout.header), "header", nullIsEmpty: true) }

    /// Whether the NUL-terminated `p` holds exactly the UTF-8 of `s`. Reads
    /// no byte of `p` past its NUL.
    @inline(__always)
    static func bytes(_ p: UnsafePointer<UInt8>?, equal s: String) -> Bool {
        guard let p else { return false }
        // Lengths first (strlen reads no byte past the NUL), then bytes.
        let length = strlen(UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))
        guard length == s.utf8.count else { return false }
        return s.utf8.withContiguousStorageIfAvailable { memcmp(p, $0.baseAddress!, length) == 0 }
            ?? s.utf8.elementsEqual(UnsafeBufferPointer(start: p, count: length))
    }

    static func string(_ p: UnsafePointer<UInt8>?, _ name: String, nullIsEmpty: Bool) throws -> String {
        guard let p else {
            if nullIsEmpty { return "" }
            throw FoldError(.invalidArgument, "\(name) is NULL")
        }
        guard let value = String(validatingCString: UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self)) else {
            throw FoldError(.invalidArgument, "\(name) is not valid UTF-8")
        }
        return value
    }
}

/// Keys and headers of a snapshot made into Swift strings, by section
/// number: only those the table keeps (new sections' keys and headers,
/// kept sections' changed headers). Nothing is allocated until the first.
/// The strings are kept together and found through plain indices: an
/// array of an optional string per section cost a destroy call per
/// element when freed (a tenth of applying 10^5 sections with changes).
struct SnapshotTexts {
    private var keys = Slots(), headers = Slots()
    private var strings: [String] = []
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func key(_ n: Int) -> String? { keys.string(n, in: strings) }
    /// A kept section's new header, or a new section's header.
    func header(_ n: Int) -> String? { headers.string(n, in: strings) }

    mutating func setKey(_ n: Int, _ s: String) { keys.set(n, s, in: &strings, capacity: capacity) }
    mutating func setHeader(_ n: Int, _ s: String) { headers.set(n, s, in: &strings, capacity: capacity) }

    /// Per section, the index of its text in `strings` (-1: none; no
    /// array at all until the first).
    private struct Slots {
        var at: [Int] = []

        func string(_ n: Int, in strings: [String]) -> String? {
            guard !at.isEmpty, case let i = at[n], i >= 0 else { return nil }
            return strings[i]
        }

        mutating func set(_ n: Int, _ s: String, in strings: inout [String], capacity: Int) {
            if at.isEmpty { at = Array(repeating: -1, count: capacity) }
            at[n] = strings.count
            strings.append(s)
        }
    }
}
