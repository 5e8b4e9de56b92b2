import CFoldTable
import FoldTableCore

@inline(__always)
private func flag(_ changed: Bool) -> Int32 { changed ? 1 : 0 }

@_cdecl("fold_table_collapse")
public func fold_table_collapse(_ table: OpaquePointer?, _ section: UInt64, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, flag(try t.setCollapsed(true, section: sectionRef(section)))) }
}

@_cdecl("fold_table_expand")
public func fold_table_expand(_ table: OpaquePointer?, _ section: UInt64, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, flag(try t.setCollapsed(false, section: sectionRef(section)))) }
}

@_cdecl("fold_table_toggle")
public func fold_table_toggle(_ table: OpaquePointer?, _ section: UInt64, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table) { t in store(out, flag(try t.toggle(section: sectionRef(section)))) }
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
        try packWithKeys(t.sectionStates(), key: { $0.key }, {
            fold_section_state(section: t.sectionID(forKey: $1.key) ?? 0, key: $0, collapsed: flag($1.collapsed),
                               reserved: 0)
        }, into: outStates, "out_states", count: outCount)
    }
}
