/// What the calls that build much at once need, in bytes: estimated before
/// they build anything, from counts they know in O(1) (or once their
/// entries are read), and checked against `Table.memoryHeadroom`.
///
/// The figures are bench/memory_need's measurements at 10^5 sections
/// (bench/README.md, "Memory a call needs": every allocation counted by its
/// usable size, the transient peak included) rounded up by a fifth or more
/// for malloc's own overhead; foldtable.h's "Memory" paragraph documents
/// them. Counts are bounded (`Limits`), so no product overflows.
enum MemoryNeed {
    /// Each snapshot or load entry while the call works: its plan, the
    /// match, the change set and its C copy; freed when the call returns.
    /// Measured 140 (a snapshot that changes nothing) to 345 (new sections
    /// without rows).
    static let perEntry = 320
    /// Each section of the table while a snapshot is matched (the list of
    /// the old sections and their matches). Measured 50 to 100.
    static let perTableSection = 96
    /// Each new section, kept: the section, its list of children, its
    /// share of its parent's list, its id and key entries. Measured 345
    /// (no rows) and 657 (a run of rows); 505 and 929 before sections
    /// shrank (2026-12-01). Its key and header, when longer
    /// than 15 bytes, are allocated while the entries are read and counted
    /// by the headroom then.
    static let perNewSection = 1024
    /// Each row a snapshot or load adds while a filter is on (its answer,
    /// its share of a chunk of 64 rows). Measured 9. Rows of the default
    /// height added without a filter take no memory.
    static let perFilteredRow = 16
    /// Each saved "collapsed" or "expanded" entry of an import, and each
    /// row expanded before it, beyond the reader's 8 or 16 bytes. Measured 54.
    static let perSavedEntry = 64
    /// Each saved "selected" run: selecting inside a run of rows of the
    /// default height cuts it in three. Measured 495.
    static let perSavedRun = 640

    /// A snapshot (`tableSections` > 0) or a load of `entries` entries that
    /// makes `newSections` sections and, while filtering, adds
    /// `filteredRows` rows; `growth` is what the table's indexes of all
    /// sections take to grow (`Table.indexGrowth`).
    static func snapshot(entries: Int, tableSections: Int = 0, newSections: Int = 0, filteredRows: Int = 0,
                         growth: Int = 0) -> Int {
        entries * perEntry + tableSections * perTableSection + newSections * perNewSection
            + filteredRows * perFilteredRow + growth
    }

    /// An import of `entries` saved collapsed and expanded entries and
    /// `runs` selected runs, into a table with `expandedBefore` expanded rows.
    static func savedState(entries: Int, runs: Int, expandedBefore: Int) -> Int {
        (entries + expandedBefore) * perSavedEntry + runs * perSavedRun
    }

    /// The bytes a hash table of `count` entries and room for `capacity`
    /// takes to hold `adding` more: its new storage when it must grow (a
    /// power of two of buckets from 16, at most three quarters full, each
    /// `bucketBytes`: `LinearProbing`, as `SectionKeys` grows), else nothing.
    static func hashGrowth(count: Int, capacity: Int, adding: Int, bucketBytes: Int) -> Int {
        let wanted = count + adding
        guard wanted > capacity else { return 0 }
        return LinearProbing.slots(for: wanted, least: 16) * bucketBytes
    }

    /// The same for an array of `count` elements with room for `capacity`
    /// (it doubles), each `elementBytes`.
    static func arrayGrowth(count: Int, capacity: Int, adding: Int, elementBytes: Int) -> Int {
        let wanted = count + adding
        guard wanted > capacity else { return 0 }
        return max(wanted, 2 * capacity) * elementBytes
    }
}
