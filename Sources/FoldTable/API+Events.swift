import CFoldTable
import FoldTableCore

/// Hands a core change set to a C listener as a fold_change_set whose
/// arrays live for the duration of the call.
private func deliver(_ set: ChangeSet, _ body: (UnsafePointer<fold_change_set>) -> Void) {
    let changes = set.changes.map {
        fold_change(position: Int64($0.position), removed: Int64($0.removed), added: Int64($0.added))
    }
    let redraw = set.redraw.map { fold_range(position: Int64($0.lowerBound), count: Int64($0.count)) }
    changes.withUnsafeBufferPointer { c in
        redraw.withUnsafeBufferPointer { r in
            var cset = fold_change_set(changes: c.baseAddress, change_count: Int64(c.count),
                                       redraw: r.baseAddress, redraw_count: Int64(r.count),
                                       content_height_delta: set.contentHeightDelta,
                                       anchored: set.anchoredOffset == nil ? 0 : 1, reserved: 0,
                                       anchored_offset: set.anchoredOffset ?? 0)
            body(&cset)
        }
    }
}

@_cdecl("fold_table_add_change_listener")
public func fold_table_add_change_listener(_ table: OpaquePointer?, _ fn: fold_change_fn?,
                                           _ userData: UnsafeMutableRawPointer?,
                                           _ outID: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        guard let fn else { throw FoldError(.invalidArgument, "fn is NULL") }
        let id = t.onChange { set in deliver(set) { c in CallbackDepth.inside { fn(table, c, userData) } } }
        store(outID, Int64(id))
    }
}

@_cdecl("fold_table_add_section_listener")
public func fold_table_add_section_listener(_ table: OpaquePointer?, _ fn: fold_section_fn?,
                                            _ userData: UnsafeMutableRawPointer?,
                                            _ outID: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        guard let fn else { throw FoldError(.invalidArgument, "fn is NULL") }
        let id = t.onSection { [unowned t] key, event in
            let section = t.sectionID(forKey: key) ?? 0
            return key.withCString { k in CallbackDepth.inside { fn(table, section, k, event.rawValue, userData) != 0 } }
        }
        store(outID, Int64(id))
    }
}

@_cdecl("fold_table_add_row_listener")
public func fold_table_add_row_listener(_ table: OpaquePointer?, _ fn: fold_row_fn?,
                                        _ userData: UnsafeMutableRawPointer?,
                                        _ outID: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        guard let fn else { throw FoldError(.invalidArgument, "fn is NULL") }
        let id = t.onRow { [unowned t] ref, event in
            let section = t.sectionID(forKey: ref.section) ?? 0
            return ref.section.withCString { k in
                CallbackDepth.inside { fn(table, section, k, Int64(ref.row), event.rawValue, userData) != 0 }
            }
        }
        store(outID, Int64(id))
    }
}

@_cdecl("fold_table_remove_listener")
public func fold_table_remove_listener(_ table: OpaquePointer?, _ id: Int64) -> Int32 {
    withTable(table) { t in
        guard t.removeListener(int(id)) else { throw FoldError(.notFound, "no listener has the id \(id)") }
    }
}
