import CFoldTable
import FoldTableCore

// Lazily loaded children (foldtable.h: "Lazily loaded children"): the
// loader, load states, and the calls that end a load.

@_cdecl("fold_table_set_loader")
public func fold_table_set_loader(_ table: OpaquePointer?, _ fn: fold_load_fn?,
                                  _ userData: UnsafeMutableRawPointer?) -> Int32 {
    withTable(table) { t in
        guard let fn else { return t.setLoader(nil) }
        t.setLoader { call in
            call.key.withCString { k in
                CallbackDepth.inside { fn(table, call.section, k, call.ticket, call.event.rawValue, userData) }
            }
        }
    }
}

@_cdecl("fold_table_load_info")
public func fold_table_load_info(_ table: OpaquePointer?, _ section: UInt64,
                                 _ out: UnsafeMutablePointer<fold_load_info>?) -> Int32 {
    withSection(table, section, output: out, "out_info") { t, s in
        let info = try t.loadInfo(section: s)
        return fold_load_info(state: info.state.rawValue, reserved: 0, ticket: info.ticket, reserved2: (0, 0))
    }
}

@_cdecl("fold_table_finish_load")
public func fold_table_finish_load(_ table: OpaquePointer?, _ section: UInt64, _ ticket: UInt64,
                                   _ entries: UnsafePointer<fold_snapshot_entry>?, _ count: Int64,
                                   _ out: UnsafeMutablePointer<fold_snapshot_report>?) -> Int32 {
    withSection(table, section) { t, ref in
        // A late or stale ticket is told so before its entries are read.
        try t.checkLoadTicket(section: ref, ticket: ticket)
        let raw = try rawSnapshot(entries, count, label: "load entry")
        storeReport(out, try t.finishLoad(section: ref, ticket: ticket, raw: raw))
    }
}

@_cdecl("fold_table_fail_load")
public func fold_table_fail_load(_ table: OpaquePointer?, _ section: UInt64, _ ticket: UInt64,
                                 _ message: UnsafePointer<CChar>?) -> Int32 {
    withSection(table, section) { t, ref in
        try t.failLoad(section: ref, ticket: ticket, message: try optionalString(message, "message"))
    }
}

@_cdecl("fold_table_load")
public func fold_table_load(_ table: OpaquePointer?, _ section: UInt64) -> Int32 {
    withTable(table) { t in try t.load(section: sectionRef(section)) }
}
