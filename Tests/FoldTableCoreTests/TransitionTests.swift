import Testing
@testable import FoldTableCore

// Transitions (foldtable.h, "Transitions"): exact rects before and after
// for collapse, expand, an interrupted collapse, insert, remove, move,
// accordion swap, a height change and a collapse of 10^5 rows; frames;
// what is built when; bad progress.
//
// Tables here: rows 20 pt, headers 30 pt, a viewport 200 pt tall at 0.
// Sample (Mac 3 rows, iPad 2, iPhone 4): Mac 0 @0; rows 1-3 @30,50,70;
// iPad 4 @90, rows 5-6 @120,140; iPhone 7 @160, rows 8-11 @190..250.

private func animatedTable(_ nodes: [Node] = [.section("Mac", rows: 3), .section("iPad", rows: 2),
                                              .section("iPhone", rows: 4)]) throws -> Table {
    var o = TableOptions()
    o.rowHeight = 20
    o.headerHeight = 30
    let t = try makeTable(nodes, options: o)
    try t.setViewport(Viewport(offset: 0, height: 200))
    t.setTransitions(true)
    return t
}

/// One item as "kind:row change before->after", rects as top+height.
private func describe(_ it: TransitionItem) -> String {
    let kind = ["H", "R", "F", "P"][Int(it.item.kind.rawValue)]
    let change = ["stays", "moves", "appears", "disappears"][Int(it.change.rawValue)]
    func r(_ top: Double, _ h: Double) -> String { "\(Int(top))+\(Int(h))" }
    var s = "\(kind)\(it.item.row >= 0 ? "\(it.item.row)" : "") \(change) \(r(it.topBefore, it.heightBefore))->\(r(it.topAfter, it.heightAfter))"
    if it.folds { s += " folds@\(it.clip.map(String.init) ?? "-")" }
    if it.stuckBefore || it.stuckAfter { s += " stuck\(it.stuckBefore ? "B" : "")\(it.stuckAfter ? "A" : "")" }
    return s
}

private func lines(_ t: Table) -> [String] { (t.transition?.items ?? []).map(describe) }

@Suite struct TransitionTests {
    @Test func nothingIsBuiltWhileOffOrWithoutAViewport() throws {
        let t = try animatedTable()
        t.setTransitions(false)
        _ = try t.setCollapsed(true, section: "Mac")
        #expect(t.transition == nil)
        t.setTransitions(true)
        try t.setViewport(nil)
        _ = try t.setCollapsed(false, section: "Mac")
        #expect(t.transition == nil)
        #expect(throws: FoldError.self) { try t.setTransitionProgress(0.5) }
    }

    @Test func collapseFoldsRowsUnderTheHeaderAndTheRestSlidesUp() throws {
        let t = try animatedTable()
        _ = try t.setCollapsed(true, section: "Mac")
        let tr = try #require(t.transition)
        #expect(tr.serial == 1 && tr.progress == 0)
        #expect(tr.offsetBefore == 0 && tr.offsetAfter == 0)
        #expect(tr.contentHeightBefore == 270 && tr.contentHeightAfter == 210)
        #expect(lines(t) == [
            "H stays 0+30->0+30 stuckBA",
            // Mac's rows keep their height and move up with iPad until
            // they are above Mac's bottom (clip: item 0).
            "R0 disappears 30+20->-30+20 folds@0",
            "R1 disappears 50+20->-10+20 folds@0",
            "R2 disappears 70+20->10+20 folds@0",
            "H moves 90+30->30+30",
            "R0 moves 120+20->60+20",
            "R1 moves 140+20->80+20",
            "H moves 160+30->100+30",
            "R0 moves 190+20->130+20",
            // Below the viewport before: laid out right after its last item.
            "R1 moves 210+20->150+20",
            "R2 moves 230+20->170+20",
            "R3 moves 250+20->190+20",
        ])
        #expect(tr.items.map(\.positionBefore) == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
        #expect(tr.items.map(\.positionAfter) == [0, nil, nil, nil, 1, 2, 3, 4, 5, 6, 7, 8])
        let mid = tr.frame(at: 0.5)
        #expect(mid.map(\.top) == [0, 0, 20, 40, 60, 90, 110, 130, 160, 180, 200, 220])
        #expect(mid.map(\.clipTop) == [-.infinity, 30, 30, 30] + Array(repeating: -.infinity, count: 8))
        #expect(tr.frame(at: 1).map(\.top) == tr.items.map(\.topAfter))
        #expect(tr.frame(at: 0).map(\.top) == tr.items.map(\.topBefore))
    }

    @Test func expandUnfoldsRowsFromUnderTheHeader() throws {
        let t = try animatedTable()
        _ = try t.setCollapsed(true, section: "Mac")
        try t.setTransitionProgress(1)  // the view finished animating it
        _ = try t.setCollapsed(false, section: "Mac")
        #expect(t.transition?.serial == 2)
        #expect(lines(t) == [
            "H stays 0+30->0+30 stuckBA",
            "R0 appears -30+20->30+20 folds@0",
            "R1 appears -10+20->50+20 folds@0",
            "R2 appears 10+20->70+20 folds@0",
            "H moves 30+30->90+30",
            "R0 moves 60+20->120+20",
            "R1 moves 80+20->140+20",
            "H moves 100+30->160+30",
            "R0 moves 130+20->190+20",
            // Pushed out below: right after the viewport's last item.
            "R1 moves 150+20->210+20",
            "R2 moves 170+20->230+20",
            "R3 moves 190+20->250+20",
        ])
    }

    @Test func aChangeDuringATransitionStartsWhereTheItemsAreDrawn() throws {
        let t = try animatedTable()
        _ = try t.setCollapsed(true, section: "Mac")
        try t.setTransitionProgress(0.5)
        _ = try t.setCollapsed(false, section: "Mac")
        let tr = try #require(t.transition)
        #expect(tr.progress == 0)
        // Mac's rows come back from their rects at 0.5, still clipped by
        // Mac's header; everything else from where the frame drew it.
        #expect(lines(t) == [
            "H stays 0+30->0+30 stuckBA",
            "R0 appears 0+20->30+20 folds@0",
            "R1 appears 20+20->50+20 folds@0",
            "R2 appears 40+20->70+20 folds@0",
            "H moves 60+30->90+30",
            "R0 moves 90+20->120+20",
            "R1 moves 110+20->140+20",
            "H moves 130+30->160+30",
            "R0 moves 160+20->190+20",
            "R1 moves 180+20->210+20",
            "R2 moves 200+20->230+20",
            "R3 moves 220+20->250+20",
        ])
    }

    @Test func insertedRowsGrowFromZeroAndTheRestSlidesDown() throws {
        let t = try animatedTable()
        try t.insertRows(section: "Mac", at: 1, count: 2)
        #expect(lines(t) == [
            "H stays 0+30->0+30 stuckBA",
            "R0 stays 30+20->30+20",
            "R1 appears 50+0->50+20",
            "R2 appears 50+0->70+20",
            "R3 moves 50+20->90+20",
            "R4 moves 70+20->110+20",
            "H moves 90+30->130+30",
            "R0 moves 120+20->160+20",
            "R1 moves 140+20->180+20",
            // Pushed out below the viewport.
            "H moves 160+30->200+30",
            "R0 moves 190+20->230+20",
        ])
    }

    @Test func removedRowsShrinkWhereTheRestClosesUp() throws {
        let t = try animatedTable()
        try t.removeRows(section: "iPad", at: 0, count: 2)
        #expect(lines(t) == [
            "H stays 0+30->0+30 stuckBA",
            "R0 stays 30+20->30+20",
            "R1 stays 50+20->50+20",
            "R2 stays 70+20->70+20",
            "H stays 90+30->90+30",
            "R0 disappears 120+20->120+0",
            "R1 disappears 140+20->120+0",
            "H moves 160+30->120+30",
            "R0 moves 190+20->150+20",
            "R1 moves 210+20->170+20",
            "R2 moves 230+20->190+20",
        ])
    }

    @Test func anAccordionSwapShrinksOneRowAndGrowsTheOther() throws {
        let t = try animatedTable([.section("A", rows: 4)])
        t.accordion = .single
        try t.setExpandedHeight(60, section: "A", row: 0)
        try t.setExpandedHeight(60, section: "A", row: 2)
        _ = try t.setRowExpanded(true, section: "A", row: 0)
        try t.setTransitionProgress(1)
        _ = try t.setRowExpanded(true, section: "A", row: 2)
        #expect(lines(t) == [
            "H stays 0+30->0+30 stuckBA",
            "R0 moves 30+60->30+20",
            "R1 moves 90+20->50+20",
            "R2 moves 110+20->70+60",
            "R3 stays 130+20->130+20",
        ])
    }

    @Test func aHeightChangeGrowsInPlace() throws {
        let t = try animatedTable()
        try t.setRowHeight(section: "iPad", row: 0, height: 50)
        #expect(Array(lines(t)[4...]) == [
            "H stays 90+30->90+30",
            "R0 moves 120+20->120+50",
            "R1 moves 140+20->170+20",
            "H moves 160+30->190+30",
            "R0 moves 190+20->220+20",
        ])
    }

    @Test func collapsingAHundredThousandRowsHoldsOnlyTheItemsNearTheViewport() throws {
        let t = try animatedTable([.section("Big", rows: 100_000), .section("Next", rows: 5)])
        _ = try t.setCollapsed(true, section: "Big")
        let tr = try #require(t.transition)
        #expect(tr.items.count == 16)  // 10 drawn before (header, 9 rows), 7 after
        #expect(Array(lines(t)[10...]) == [
            // From just below the viewport, not 2·10^6 pt down.
            "H moves 210+30->30+30",
            "R0 moves 240+20->60+20",
            "R1 moves 260+20->80+20",
            "R2 moves 280+20->100+20",
            "R3 moves 300+20->120+20",
            "R4 moves 320+20->140+20",
        ])
        #expect(lines(t)[9] == "R8 disappears 190+20->10+20 folds@0")
        #expect(tr.items[10].positionBefore == 100_001)
    }

    @Test func oneTransitionPerBatchAndListenersReadIt() throws {
        let t = try animatedTable()
        var seen: [UInt64] = []
        t.onChange { _ in seen.append(t.transition?.serial ?? 0) }
        try t.batch {
            _ = try t.setCollapsed(true, section: "Mac")
            _ = try t.setCollapsed(true, section: "iPad")
        }
        #expect(seen == [1])
        #expect(lines(t).filter { $0.hasPrefix("H") } == [
            "H stays 0+30->0+30 stuckBA", "H moves 90+30->30+30", "H moves 160+30->60+30",
        ])
        // A change that reports nothing keeps the transition.
        _ = try t.setCollapsed(true, section: "Mac")
        #expect(t.transition?.serial == 1)
    }

    @Test func badProgressChangesNothing() throws {
        let t = try animatedTable()
        _ = try t.setCollapsed(true, section: "Mac")
        try t.setTransitionProgress(0.25)
        #expect(throws: FoldError.self) { try t.setTransitionProgress(1.5) }
        #expect(throws: FoldError.self) { try t.setTransitionProgress(-0.1) }
        #expect(throws: FoldError.self) { try t.setTransitionProgress(.nan) }
        #expect(t.transition?.progress == 0.25)
    }

    /// Random edits on a nested table, scrolled: every item drawn before
    /// has its exact before rect, every item drawn after its exact after
    /// rect, and items in both lists are the same item.
    @Test func randomChangesKeepTheDrawnRectsExact() throws {
        var rng = SeededRandom(seed: 37)
        let t = try animatedTable([
            .section("a", rows: 6, children: [.section("a1", rows: 4), .section("a2", rows: 3)]),
            .section("b", rows: 8), .section("c", rows: 2, children: [.section("c1", rows: 5)]), .section("d", rows: 7),
        ])
        let keys = ["a", "a1", "a2", "b", "c", "c1", "d"]
        var checked = 0
        for step in 0..<300 {
            let v = try #require(t.viewport)
            let before = t.drawnScreen(offset: v.offset, height: v.height)
            let identity = try before.map { d in try t.item(at: d.position!) }
            let serial = t.transition?.serial ?? 0
            let key = SectionRef.key(keys[rng.below(keys.count)])
            switch rng.below(6) {
            case 5: try t.moveSection(from: rng.below(4), to: rng.below(4))
            case 0: _ = try t.toggle(section: key)
            case 1: try t.insertRows(section: key, at: 0, count: 1 + rng.below(3))
            case 2: if try t.info(section: key).rowCount > 0 { try t.removeRows(section: key, at: 0, count: 1) }
            case 3: if try t.info(section: key).rowCount > 0 {
                try t.setRowHeight(section: key, row: 0, height: Double(10 + rng.below(40)))
            }
            default: try t.setViewport(Viewport(offset: Double(rng.below(300)), height: 200))
            }
            guard let tr = t.transition, tr.serial > serial else { continue }
            defer { try? t.setTransitionProgress(1) }
            let after = t.drawnScreen(offset: t.viewport!.offset, height: 200)
            for (d, item) in zip(before, identity) {
                guard let it = tr.items.first(where: { $0.positionBefore == d.position }) else { continue }
                #expect(it.topBefore == d.top && it.heightBefore == d.height, "step \(step)")
                if let q = it.positionAfter {
                    let now = try t.item(at: q)
                    #expect(now.sectionID == item.sectionID && now.kind == item.kind, "step \(step)")
                }
            }
            checked += 1
            for d in after {
                let it = try #require(tr.items.first { $0.positionAfter == d.position })
                #expect(it.topAfter == d.top && it.heightAfter == d.height, "step \(step)")
            }
        }
        #expect(checked == 170)
    }

    @Test func aStuckHeaderScrolledPastFoldsItsRowsUnderItself() throws {
        let t = try animatedTable()
        try t.setViewport(Viewport(offset: 40, height: 200))
        _ = try t.setCollapsed(true, section: "Mac")
        let tr = try #require(t.transition)
        #expect(tr.offsetBefore == 40 && tr.offsetAfter == 10)  // anchored on iPad, clamped
        #expect(Array(lines(t)[0...4]) == [
            // Stuck above the viewport before; its section's end pushes it up after.
            "H moves 0+30->-10+30 stuckBA",
            "R0 disappears -10+20->-40+20 folds@0",
            "R1 disappears 10+20->-20+20 folds@0",
            "R2 disappears 30+20->0+20 folds@0",
            "H moves 50+30->20+30",
        ])
        #expect(tr.frame(at: 0.5)[1].clipTop == 25)
    }

    @Test func measuringBuildsNoTransition() throws {
        let t = try animatedTable()
        _ = try t.setCollapsed(true, section: "Mac")
        t.setHeightProvider { _, row in Double(30 + row) }
        #expect(try t.measure(offset: 0, height: 200) == 6)
        try t.invalidateHeights(section: nil)
        #expect(t.transition?.serial == 1)
        // Inside a batch they count with the rest.
        try t.batch {
            _ = try t.measure(offset: 0, height: 200)
            _ = try t.setCollapsed(false, section: "Mac")
        }
        #expect(t.transition?.serial == 2)
    }
}
