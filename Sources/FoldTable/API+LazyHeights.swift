import CFoldTable
import FoldTableCore

/// A core provider that asks the C function `fn` for a height: nil when it
/// returns 0 (keep the estimate / no expanded height).
private func provider(_ table: OpaquePointer?, _ t: Table, _ fn: @escaping fold_height_fn,
                      _ userData: UnsafeMutableRawPointer?) -> (String, Int) -> Double? {
    { [unowned t] key, row in
        let section = t.sectionID(forKey: key) ?? 0
        var height = 0.0
        let given = key.withCString { k in
            CallbackDepth.inside { fn(table, section, k, Int64(row), &height, userData) }
        }
        return given != 0 ? height : nil
    }
}

@_cdecl("fold_table_set_height_provider")
public func fold_table_set_height_provider(_ table: OpaquePointer?, _ which: Int32, _ fn: fold_height_fn?,
                                           _ userData: UnsafeMutableRawPointer?) -> Int32 {
    withTable(table) { t in
        let ask = fn.map { provider(table, t, $0, userData) }
        switch which {
        case FOLD_HEIGHT_ROW: t.setHeightProvider(ask)
        case FOLD_HEIGHT_HEADER: t.setHeaderHeightProvider(ask.map { ask in { key in ask(key, -1) } })
        case FOLD_HEIGHT_EXPANDED: t.setExpandedHeightProvider(ask)
        default:
            throw FoldError(.invalidArgument, "which \(which) is not FOLD_HEIGHT_ROW, _HEADER or _EXPANDED")
        }
    }
}

@_cdecl("fold_table_measure")
public func fold_table_measure(_ table: OpaquePointer?, _ offset: Double, _ height: Double, _ overscan: Int64,
                               _ out: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        store(out, Int64(try t.measure(offset: offset, height: height, overscan: int(overscan))))
    }
}

@_cdecl("fold_table_invalidate_heights")
public func fold_table_invalidate_heights(_ table: OpaquePointer?, _ section: UInt64, _ row: Int64) -> Int32 {
    withTable(table) { t in
        guard row >= -1 else { throw FoldError(.outOfRange, "row \(row) must be >= 0, or -1 for every row") }
        if row >= 0 {
            try t.invalidateHeight(section: sectionRef(section), row: int(row))
        } else {
            try t.invalidateHeights(section: parentRef(section))
        }
    }
}
