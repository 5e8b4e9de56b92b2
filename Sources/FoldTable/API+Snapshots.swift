import CFoldTable
import FoldTableCore

@_cdecl("fold_table_apply_snapshot")
public func fold_table_apply_snapshot(_ table: OpaquePointer?, _ entries: UnsafePointer<fold_snapshot_entry>?,
                                      _ count: Int64, _ out: UnsafeMutablePointer<fold_snapshot_report>?) -> Int32 {
    withTable(table) { t in
        let r = try t.applySnapshot(try rawSnapshot(entries, count, label: "snapshot entry"))
        storeReport(out, r)
    }
}

/// Writes a snapshot report when the caller asked for it.
func storeReport(_ out: UnsafeMutablePointer<fold_snapshot_report>?, _ r: SnapshotReport) {
    store(out, fold_snapshot_report(
        sections_inserted: Int64(r.sectionsInserted), sections_removed: Int64(r.sectionsRemoved),
        sections_moved: Int64(r.sectionsMoved), sections_kept: Int64(r.sectionsKept),
        headers_changed: Int64(r.headersChanged), rows_inserted: Int64(r.rowsInserted),
        rows_removed: Int64(r.rowsRemoved), reserved: 0))
}

/// Where the fields of a C entry lie, for the core to read them in place.
private let rawLayout = RawSnapshot.Layout(
    of: fold_snapshot_entry.self, kind: \.kind, depth: \.depth, key: \.key, header: \.header, rows: \.rows,
    flags: \.flags, heights: \.heights, headerHeight: \.header_height, footerHeight: \.footer_height,
    rowHeight: \.row_height, headerBit: UInt32(FOLD_SNAPSHOT_HEADER_HEIGHT),
    footerBit: UInt32(FOLD_SNAPSHOT_FOOTER_HEIGHT), rowBit: UInt32(FOLD_SNAPSHOT_ROW_HEIGHT))

/// C entries (`count` of them) for the core to read in place
/// (fold_table_apply_snapshot, fold_table_finish_load): the checks the
/// core cannot make first (count, kind, heights' bits), no string read
/// yet; the core names its own failures by entry ("`label` 3: ...").
func rawSnapshot(_ entries: UnsafePointer<fold_snapshot_entry>?, _ count: Int64,
                 label: String) throws -> RawSnapshot {
    let buffer = try checkedEntries(entries, count, label: label)
    return RawSnapshot(base: UnsafeRawPointer(buffer.baseAddress), count: buffer.count, layout: rawLayout)
}

/// The entries after the checks the core cannot make: the count, and each
/// entry's kind and heights (C's bits and values), named by entry index.
private func checkedEntries(_ entries: UnsafePointer<fold_snapshot_entry>?, _ count: Int64,
                            label: String) throws -> UnsafeBufferPointer<fold_snapshot_entry> {
    guard count >= 0 else { throw FoldError(.outOfRange, "count \(count) is negative") }
    guard count <= Int64(Limits.maxSections) + Int64(Limits.maxRows) else {
        throw FoldError(.outOfRange, "count \(count) is more entries than a table can hold")
    }
    guard count == 0 || entries != nil else { throw FoldError(.invalidArgument, "entries is NULL") }
    let buffer = UnsafeBufferPointer(start: entries, count: int(count))
    for i in buffer.indices { try check(buffer[i], i, label) }
    return buffer
}

/// One C entry's kind and heights.
private func check(_ e: fold_snapshot_entry, _ i: Int, _ label: String) throws {
    switch e.kind {
    case FOLD_SNAPSHOT_ROWS:
        return
    case FOLD_SNAPSHOT_SECTION:
        let known = UInt32(FOLD_SNAPSHOT_HEADER_HEIGHT | FOLD_SNAPSHOT_FOOTER_HEIGHT | FOLD_SNAPSHOT_ROW_HEIGHT)
        guard e.heights & ~known == 0 else {
            throw FoldError(.invalidArgument, "\(label) \(i): heights \(e.heights) has bits that are not "
                            + "FOLD_SNAPSHOT_HEADER_HEIGHT, _FOOTER_HEIGHT or _ROW_HEIGHT")
        }
        guard e.heights != 0 else { return }
        /// "Keep" is no height in C: a set bit needs one.
        func check(_ value: Double, _ bit: UInt32, _ what: String) throws {
            guard e.heights & bit != 0, value == Table.keepHeight else { return }
            throw FoldError(.invalidArgument, "\(label) \(i): \(what) \(value) is not a height "
                            + "(a finite number from 0 to \(Int(Limits.maxHeight)), or -1 for the default)")
        }
        try check(e.header_height, FOLD_SNAPSHOT_HEADER_HEIGHT, "header height")
        try check(e.footer_height, FOLD_SNAPSHOT_FOOTER_HEIGHT, "footer height")
        try check(e.row_height, FOLD_SNAPSHOT_ROW_HEIGHT, "row height")
    default:
        throw FoldError(.invalidArgument,
                        "\(label) \(i): kind \(e.kind) is not FOLD_SNAPSHOT_SECTION (0) or FOLD_SNAPSHOT_ROWS (1)")
    }
}
