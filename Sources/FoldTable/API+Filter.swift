import CFoldTable
import FoldTableCore

/// A core match function that asks the C function `fn`: nonzero matches,
/// a negative answer stops the call that asks.
private func matcher(_ table: OpaquePointer?, _ fn: @escaping fold_match_fn,
                     _ userData: UnsafeMutableRawPointer?) -> MatchFunction {
    { section, key, row in
        let answer = key.withCString { k in CallbackDepth.inside { fn(table, section, k, Int64(row), userData) } }
        return answer < 0 ? nil : answer != 0
    }
}

@_cdecl("fold_table_set_filter")
public func fold_table_set_filter(_ table: OpaquePointer?, _ fn: fold_match_fn?, _ userData: UnsafeMutableRawPointer?,
                                  _ flags: UInt32) -> Int32 {
    withTable(table) { t in
        try t.setFilter(fn.map { matcher(table, $0, userData) }, options: FilterOptions(rawValue: flags))
    }
}

@_cdecl("fold_table_filter_info")
public func fold_table_filter_info(_ table: OpaquePointer?, _ outActive: UnsafeMutablePointer<Int32>?,
                                   _ outFlags: UnsafeMutablePointer<UInt32>?) -> Int32 {
    withTable(table) { t in
        let active = try required(outActive, "out_active")
        active.pointee = t.filterOptions == nil ? 0 : 1
        store(outFlags, t.filterOptions?.rawValue ?? 0)
    }
}

@_cdecl("fold_table_set_row_match")
public func fold_table_set_row_match(_ table: OpaquePointer?, _ section: UInt64, _ row: Int64, _ matches: Int32) -> Int32 {
    withTable(table) { t in try t.setRowMatch(section: sectionRef(section), row: int(row), matches: matches != 0) }
}

@_cdecl("fold_table_set_section_match")
public func fold_table_set_section_match(_ table: OpaquePointer?, _ section: UInt64, _ matches: Int32) -> Int32 {
    withTable(table) { t in try t.setSectionMatch(section: sectionRef(section), matches: matches != 0) }
}

@_cdecl("fold_table_row_matches")
public func fold_table_row_matches(_ table: OpaquePointer?, _ section: UInt64, _ row: Int64,
                                   _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withSection(table, section, output: out, "out_matches") { t, s in
        try t.rowMatches(section: s, row: int(row)) ? 1 : 0
    }
}

@_cdecl("fold_table_section_matches")
public func fold_table_section_matches(_ table: OpaquePointer?, _ section: UInt64,
                                       _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withSection(table, section, output: out, "out_matches") { t, s in
        try t.sectionMatches(section: s) ? 1 : 0
    }
}

@_cdecl("fold_table_match_count")
public func fold_table_match_count(_ table: OpaquePointer?, _ section: UInt64, _ outMatches: UnsafeMutablePointer<Int64>?,
                                   _ outRows: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in store(outMatches, outRows, try t.matchCount(section: parentRef(section))) }
}
