import CFoldTable
import FoldTableCore

/// Hands a core change set to a C listener as a fold_change_set whose
/// arrays live for the duration of the call.
private func deliver(_ set: ChangeSet, _ body: (UnsafePointer<fold_change_set>) -> Void) {
    let changes = set.changes.map {
        fold_change(position: Int64($0.position), removed: Int64($0.removed), added: Int64($0.added))
    }
    let redraw = set.redraw.map { fold_range(position: Int64($0.lowerBound), count: Int64($0.count)) }
    let moves = set.moves.map { fold_move(from: Int64($0.from), to: Int64($0.to), count: Int64($0.count)) }
    changes.withUnsafeBufferPointer { c in
        redraw.withUnsafeBufferPointer { r in
            moves.withUnsafeBufferPointer { m in
                var cset = fold_change_set(changes: c.baseAddress, change_count: Int64(c.count),
                                           redraw: r.baseAddress, redraw_count: Int64(r.count),
                                           content_height_delta: set.contentHeightDelta,
                                           anchored: set.anchoredOffset == nil ? 0 : 1, reserved: 0,
                                           anchored_offset: set.anchoredOffset ?? 0,
                                           moves: m.isEmpty ? nil : m.baseAddress, move_count: Int64(m.count))
                body(&cset)
            }
        }
    }
}

/// Registers a listener: `fn` is required, its id goes to `outID` when asked.
private func addListener<Fn>(_ table: OpaquePointer?, _ fn: Fn?, _ outID: UnsafeMutablePointer<Int64>?,
                             _ register: (Table, Fn) -> Int) -> Int32 {
    withTable(table) { t in
        guard let fn else { throw FoldError(.invalidArgument, "fn is NULL") }
        store(outID, Int64(register(t, fn)))
    }
}

/// Calls a C listener about the section `key` names: with its id and key
/// (valid for the call), counted as inside a callback.
private func callSection<R>(_ t: Table, _ key: String, _ call: (UInt64, UnsafePointer<CChar>) -> R) -> R {
    let section = t.sectionID(forKey: key) ?? 0
    return key.withCString { k in CallbackDepth.inside { call(section, k) } }
}

@_cdecl("fold_table_add_change_listener")
public func fold_table_add_change_listener(_ table: OpaquePointer?, _ fn: fold_change_fn?,
                                           _ userData: UnsafeMutableRawPointer?,
                                           _ outID: UnsafeMutablePointer<Int64>?) -> Int32 {
    addListener(table, fn, outID) { t, fn in
        t.onChange { set in deliver(set) { c in CallbackDepth.inside { fn(table, c, userData) } } }
    }
}

@_cdecl("fold_table_add_section_listener")
public func fold_table_add_section_listener(_ table: OpaquePointer?, _ fn: fold_section_fn?,
                                            _ userData: UnsafeMutableRawPointer?,
                                            _ outID: UnsafeMutablePointer<Int64>?) -> Int32 {
    addListener(table, fn, outID) { t, fn in
        t.onSection { [unowned t] key, event in
            callSection(t, key) { section, k in fn(table, section, k, event.rawValue, userData) != 0 }
        }
    }
}

@_cdecl("fold_table_add_row_listener")
public func fold_table_add_row_listener(_ table: OpaquePointer?, _ fn: fold_row_fn?,
                                        _ userData: UnsafeMutableRawPointer?,
                                        _ outID: UnsafeMutablePointer<Int64>?) -> Int32 {
    addListener(table, fn, outID) { t, fn in
        t.onRow { [unowned t] ref, event in
            callSection(t, ref.section) { section, k in fn(table, section, k, Int64(ref.row), event.rawValue, userData) != 0 }
        }
    }
}

@_cdecl("fold_table_remove_listener")
public func fold_table_remove_listener(_ table: OpaquePointer?, _ id: Int64) -> Int32 {
    withTable(table) { t in
        guard t.removeListener(int(id)) else { throw FoldError(.notFound, "no listener has the id \(id)") }
    }
}

@_cdecl("fold_table_begin_batch")
public func fold_table_begin_batch(_ table: OpaquePointer?) -> Int32 {
    withTable(table) { t in try t.beginBatch() }
}

@_cdecl("fold_table_end_batch")
public func fold_table_end_batch(_ table: OpaquePointer?) -> Int32 {
    withTable(table) { t in try t.endBatch() }
}

@_cdecl("fold_table_batch_depth")
public func fold_table_batch_depth(_ table: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table, output: out, "out_depth") { t in Int64(t.batchDepth) }
}
