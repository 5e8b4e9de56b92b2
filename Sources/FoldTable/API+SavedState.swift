#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CFoldTable
import FoldTableCore

@_cdecl("fold_table_export_state")
public func fold_table_export_state(_ table: OpaquePointer?,
                                    _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    withTable(table, output: out, "out_json") { t in
        mallocString(t.exportState())
    }
}

@_cdecl("fold_table_import_state")
public func fold_table_import_state(_ table: OpaquePointer?, _ json: UnsafePointer<CChar>?,
                                    _ out: UnsafeMutablePointer<fold_import_report>?) -> Int32 {
    withTable(table) { t in
        guard let json else { throw FoldError(.invalidArgument, "json is NULL") }
        // Read in place, and never past the limit (a longer text is refused
        // without reading the rest of it).
        let limit = Table.maxSavedStateBytes
        let length = strnlen(json, limit + 1)
        guard length <= limit else {
            throw FoldError(.invalidArgument, "saved state: the text is longer than \(limit) bytes "
                + "(FOLD_MAX_STATE_BYTES)")
        }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(json).assumingMemoryBound(to: UInt8.self),
                                        count: length)
        let r = try t.importState(utf8: bytes)
        store(out, fold_import_report(sections: Int64(r.sections), unknown_sections: Int64(r.unknownSections),
                                      rows: Int64(r.rows), unknown_rows: Int64(r.unknownRows),
                                      anchor_restored: r.anchorRestored ? 1 : 0, reserved: 0))
    }
}
