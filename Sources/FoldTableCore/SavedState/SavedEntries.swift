/// A string in the input: its bytes between the quotes, still escaped.
/// Inputs are at most 2^30 bytes, so the count's top bit is free; the
/// collapsed map keeps the saved flag there.
struct Span: Sendable {
    var start: UInt32
    var raw: UInt32
    var count: Int { Int(raw & 0x7FFF_FFFF) }
    var flag: Bool { raw & 0x8000_0000 != 0 }

    init(start: Int, count: Int, flag: Bool = false) {
        self.start = UInt32(truncatingIfNeeded: start)
        self.raw = UInt32(truncatingIfNeeded: count) | (flag ? 0x8000_0000 : 0)
    }
}

/// One saved expanded row: its section's key and the row index.
struct SavedRow {
    var section: Span
    var row: Int
}

/// The saved scroll anchor.
struct SavedAnchor {
    var section: String
    var kind: ItemKind
    var row: Int
    var offset: Double
}

/// One saved selected run: rows row..<row+count of a section, or with row
/// -1 the section itself. 16 bytes, as the header promises per entry: row
/// and count are kept below 2^32, far beyond `Limits.maxRows` (a larger
/// saved row names no row here anyway).
struct SavedSelected {
    var section: Span
    private var storedRow: UInt32
    private var storedCount: UInt32

    init(section: Span, row: Int, count: Int) {
        self.section = section
        storedRow = row < 0 ? UInt32.max : UInt32(min(row, Int(UInt32.max - 1)))
        storedCount = UInt32(min(count, Int(UInt32.max)))
    }

    var row: Int { storedRow == UInt32.max ? -1 : Int(storedRow) }
    var count: Int { Int(storedCount) }
}

/// The saved selection anchor: a row, or -1 for the section itself.
struct SavedSelectionAnchor {
    var section: String
    var row: Int
}

/// The saved focused item: a row, or (row -1) a header, footer or placeholder.
struct SavedFocus {
    var section: String
    var kind: ItemKind
    var row: Int
}
