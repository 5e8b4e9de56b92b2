import CFoldTable
import FoldTableCore

// Reloading a loaded section's children (foldtable.h: "Lazily loaded
// children"); the children arrive through fold_table_finish_load.

@_cdecl("fold_table_reload")
public func fold_table_reload(_ table: OpaquePointer?, _ section: UInt64) -> Int32 {
    withTable(table) { t in try t.reload(section: sectionRef(section)) }
}
