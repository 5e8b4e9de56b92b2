import CFoldTable
import FoldTableCore

@inline(__always)
private func flag(_ changed: Bool) -> Int32 { changed ? 1 : 0 }

@_cdecl("fold_table_collapse")
public func fold_table_collapse(_ table: OpaquePointer?, _ index: Int64, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, flag(try t.setCollapsed(true, section: .index(int(index))))) }
}

@_cdecl("fold_table_expand")
public func fold_table_expand(_ table: OpaquePointer?, _ index: Int64, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, flag(try t.setCollapsed(false, section: .index(int(index))))) }
}

@_cdecl("fold_table_toggle")
public func fold_table_toggle(_ table: OpaquePointer?, _ index: Int64, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, flag(try t.toggle(section: .index(int(index))))) }
}

@_cdecl("fold_table_collapse_key")
public func fold_table_collapse_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                    _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, flag(try t.setCollapsed(true, section: .key(try string(key, "key"))))) }
}

@_cdecl("fold_table_expand_key")
public func fold_table_expand_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                  _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, flag(try t.setCollapsed(false, section: .key(try string(key, "key"))))) }
}

@_cdecl("fold_table_toggle_key")
public func fold_table_toggle_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                  _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, flag(try t.toggle(section: .key(try string(key, "key"))))) }
}

@_cdecl("fold_table_is_collapsed")
public func fold_table_is_collapsed(_ table: OpaquePointer?, _ index: Int64,
                                    _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_collapsed")
        out.pointee = flag(try t.isCollapsed(section: .index(int(index))))
    }
}

@_cdecl("fold_table_is_collapsed_key")
public func fold_table_is_collapsed_key(_ table: OpaquePointer?, _ key: UnsafePointer<CChar>?,
                                        _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_collapsed")
        out.pointee = flag(try t.isCollapsed(section: .key(try string(key, "key"))))
    }
}

@_cdecl("fold_table_collapse_all")
public func fold_table_collapse_all(_ table: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in store(out, Int64(try t.setAllCollapsed(true))) }
}

@_cdecl("fold_table_expand_all")
public func fold_table_expand_all(_ table: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in store(out, Int64(try t.setAllCollapsed(false))) }
}

@_cdecl("fold_table_section_states")
public func fold_table_section_states(_ table: OpaquePointer?,
                                      _ outStates: UnsafeMutablePointer<UnsafeMutablePointer<fold_section_state>?>?,
                                      _ outCount: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let outStates = try required(outStates, "out_states")
        let outCount = try required(outCount, "out_count")
        try packWithKeys(t.sectionStates(), key: { $0.key }, {
            fold_section_state(key: $0, collapsed: flag($1.collapsed), reserved: 0)
        }, into: outStates, count: outCount)
    }
}

@_cdecl("fold_table_set_indicators")
public func fold_table_set_indicators(_ table: OpaquePointer?, _ collapsed: UnsafePointer<CChar>?,
                                      _ expanded: UnsafePointer<CChar>?) -> Int32 {
    withTable(table) { t in
        t.setIndicators(collapsed: try string(collapsed, "collapsed"), expanded: try string(expanded, "expanded"))
    }
}

@_cdecl("fold_table_section_indicator")
public func fold_table_section_indicator(_ table: OpaquePointer?, _ index: Int64,
                                         _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    withTable(table) { t in
        let out = try required(out, "out_indicator")
        out.pointee = mallocString(try t.indicator(section: .index(int(index))))
    }
}
