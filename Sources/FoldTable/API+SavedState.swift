import CFoldTable
import FoldTableCore

@_cdecl("fold_table_export_state")
public func fold_table_export_state(_ table: OpaquePointer?,
                                    _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_json")
        out.pointee = mallocString(t.exportState())
    }
}

@_cdecl("fold_table_import_state")
public func fold_table_import_state(_ table: OpaquePointer?, _ json: UnsafePointer<CChar>?,
                                    _ out: UnsafeMutablePointer<fold_import_report>?) -> Int32 {
    withTable(table) { t in
        let r = try t.importState(try string(json, "json"))
        store(out, fold_import_report(sections: Int64(r.sections), unknown_sections: Int64(r.unknownSections),
                                      rows: Int64(r.rows), unknown_rows: Int64(r.unknownRows),
                                      anchor_restored: r.anchorRestored ? 1 : 0, reserved: 0))
    }
}
