import CFoldTable
import FoldTableCore

@_cdecl("fold_table_set_transitions")
public func fold_table_set_transitions(_ table: OpaquePointer?, _ enabled: Int32) -> Int32 {
    withTable(table) { t in
        guard enabled == 0 || enabled == 1 else {
            throw FoldError(.invalidArgument, "enabled \(enabled) must be 1 (on) or 0 (off)")
        }
        t.setTransitions(enabled == 1)
    }
}

@_cdecl("fold_table_transitions")
public func fold_table_transitions(_ table: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> Int32 {
    withTable(table, output: out, "out_enabled") { t in t.transitionsEnabled ? 1 : 0 }
}

@_cdecl("fold_table_transition_info")
public func fold_table_transition_info(_ table: OpaquePointer?,
                                       _ out: UnsafeMutablePointer<fold_transition_info>?) -> Int32 {
    withTable(table, output: out, "out_info") { t in
        guard let tr = t.transition else {
            return fold_transition_info(item_count: 0, offset_before: 0, offset_after: 0, content_height_before: 0,
                                        content_height_after: 0, viewport_height: 0, progress: 0, serial: 0)
        }
        return fold_transition_info(item_count: Int64(tr.items.count), offset_before: tr.offsetBefore,
                                    offset_after: tr.offsetAfter, content_height_before: tr.contentHeightBefore,
                                    content_height_after: tr.contentHeightAfter, viewport_height: tr.viewportHeight,
                                    progress: tr.progress, serial: tr.serial)
    }
}

@_cdecl("fold_table_transition_items")
public func fold_table_transition_items(_ table: OpaquePointer?, _ out: UnsafeMutablePointer<fold_transition_item>?,
                                        _ capacity: Int64, _ outWritten: UnsafeMutablePointer<Int64>?,
                                        _ outTotal: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let outWritten = try required(outWritten, "out_written")
        try checkArray(out, capacity)
        let items = t.transition?.items ?? []
        let written = min(items.count, int(capacity))
        if let out {
            for (i, it) in items.prefix(written).enumerated() {
                var marks: UInt32 = 0
                if it.stuckBefore { marks |= UInt32(FOLD_TRANSITION_STUCK_BEFORE) }
                if it.stuckAfter { marks |= UInt32(FOLD_TRANSITION_STUCK_AFTER) }
                if it.folds { marks |= UInt32(FOLD_TRANSITION_FOLDS) }
                out[i] = fold_transition_item(position_before: Int64(it.positionBefore ?? -1),
                                              position_after: Int64(it.positionAfter ?? -1),
                                              kind: it.item.kind.rawValue, depth: Int32(clamping: it.item.depth),
                                              section: it.item.sectionID, row: Int64(it.item.row),
                                              item_flags: flags(it.item), change: it.change.rawValue, flags: marks,
                                              clip: Int32(clamping: it.clip ?? -1), top_before: it.topBefore,
                                              height_before: it.heightBefore, top_after: it.topAfter,
                                              height_after: it.heightAfter)
            }
        }
        outWritten.pointee = Int64(written)
        store(outTotal, Int64(items.count))
    }
}

@_cdecl("fold_table_transition_frame")
public func fold_table_transition_frame(_ table: OpaquePointer?, _ progress: Double,
                                        _ out: UnsafeMutablePointer<fold_frame_item>?, _ capacity: Int64,
                                        _ outWritten: UnsafeMutablePointer<Int64>?,
                                        _ outTotal: UnsafeMutablePointer<Int64>?) -> Int32 {
    withTable(table) { t in
        let outWritten = try required(outWritten, "out_written")
        try checkArray(out, capacity)
        try Table.checkProgress(progress)
        guard let tr = t.transition else {
            throw FoldError(.notFound, "there is no transition (turn transitions on and set a viewport; one is built per change set)")
        }
        let frame = tr.frame(at: progress)
        let written = min(frame.count, int(capacity))
        if let out {
            for (i, f) in frame.prefix(written).enumerated() {
                out[i] = fold_frame_item(index: Int64(f.index), top: f.top, height: f.height, clip_top: f.clipTop)
            }
        }
        outWritten.pointee = Int64(written)
        store(outTotal, Int64(frame.count))
    }
}

@_cdecl("fold_table_set_transition_progress")
public func fold_table_set_transition_progress(_ table: OpaquePointer?, _ progress: Double) -> Int32 {
    withTable(table) { t in try t.setTransitionProgress(progress) }
}
