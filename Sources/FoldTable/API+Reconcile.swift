import CFoldTable
import FoldTableCore

@_cdecl("fold_table_apply_snapshot")
public func fold_table_apply_snapshot(_ table: OpaquePointer?, _ entries: UnsafePointer<fold_snapshot_entry>?,
                                      _ count: Int64, _ out: UnsafeMutablePointer<fold_snapshot_report>?) -> Int32 {
    withTable(table) { t in
        let r = try t.applySnapshot(try snapshotEntries(entries, count, label: "snapshot entry"))
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

/// C entries (`count` of them) as the core takes them, for
/// fold_table_apply_snapshot and fold_table_finish_load; a failure names
/// the entry ("`label` 3: ...") as the core names its own.
func snapshotEntries(_ entries: UnsafePointer<fold_snapshot_entry>?, _ count: Int64,
                     label: String) throws -> [SnapshotEntry] {
    guard count >= 0 else { throw FoldError(.outOfRange, "count \(count) is negative") }
    guard count <= Int64(Limits.maxSections) + Int64(Limits.maxRows) else {
        throw FoldError(.outOfRange, "count \(count) is more entries than a table can hold")
    }
    guard count == 0 || entries != nil else { throw FoldError(.invalidArgument, "entries is NULL") }
    let buffer = UnsafeBufferPointer(start: entries, count: int(count))
    var out: [SnapshotEntry] = []
    out.reserveCapacity(buffer.count)
    for (i, e) in buffer.enumerated() {
        out.append(try snapshotEntry(e, i, label))
    }
    return out
}

/// One C entry as the core takes it: the checks the core cannot make
/// (kind, NULL and UTF-8), named by entry index as the core names its own.
private func snapshotEntry(_ e: fold_snapshot_entry, _ i: Int, _ label: String) throws -> SnapshotEntry {
    func named(_ body: () throws -> String) throws -> String {
        do { return try body() } catch let error as FoldError {
            throw FoldError(error.code, "\(label) \(i): \(error.message)")
        }
    }
    let known = UInt32(FOLD_SNAPSHOT_HEADER_HEIGHT | FOLD_SNAPSHOT_FOOTER_HEIGHT | FOLD_SNAPSHOT_ROW_HEIGHT)
    guard e.kind != FOLD_SNAPSHOT_SECTION || e.heights & ~known == 0 else {
        throw FoldError(.invalidArgument, "\(label) \(i): heights \(e.heights) has bits that are not "
                        + "FOLD_SNAPSHOT_HEADER_HEIGHT, _FOOTER_HEIGHT or _ROW_HEIGHT")
    }
    /// The height its bit asks for, or "keep" (which is no height in C).
    func height(_ value: Double, _ bit: UInt32, _ what: String) throws -> Double {
        guard e.heights & bit != 0 else { return Table.keepHeight }
        guard value != Table.keepHeight else {
            throw FoldError(.invalidArgument, "\(label) \(i): \(what) \(value) is not a height "
                            + "(a finite number from 0 to \(Int(Limits.maxHeight)), or -1 for the default)")
        }
        return value
    }
    switch e.kind {
    case FOLD_SNAPSHOT_ROWS:
        return .rows(int(e.rows), depth: Int(e.depth))
    case FOLD_SNAPSHOT_SECTION:
        return .section(try named { try string(e.key, "key") }, depth: Int(e.depth),
                        header: try named { try optionalString(e.header, "header") },
                        flags: SectionFlags(rawValue: e.flags),
                        headerHeight: try height(e.header_height, UInt32(FOLD_SNAPSHOT_HEADER_HEIGHT), "header height"),
                        footerHeight: try height(e.footer_height, UInt32(FOLD_SNAPSHOT_FOOTER_HEIGHT), "footer height"),
                        rowHeight: try height(e.row_height, UInt32(FOLD_SNAPSHOT_ROW_HEIGHT), "row height"))
    default:
        throw FoldError(.invalidArgument,
                        "\(label) \(i): kind \(e.kind) is not FOLD_SNAPSHOT_SECTION (0) or FOLD_SNAPSHOT_ROWS (1)")
    }
}
