import Testing
@testable import FoldTableCore

/// A one-row height edit anchors the viewport from the row it changed
/// (`Table.offsetAfterEdit`), not from an anchor found before the edit;
/// rows inserted or removed while the end is followed find no anchor
/// (`Anchoring.beforeChange`). The offsets must be the ones the general
/// way gives, to the last bit: checked by hand on the header's worked
/// example, and against the same edits made inside a batch (which anchors
/// the general way) on random tables, viewports and heights.
extension Table {
    /// `body`, inside a batch when `batched` (which anchors the general way).
    func batch(if batched: Bool, _ body: () throws -> Void) throws {
        if batched { try batch(body) } else { try body() }
    }
}

@Suite struct EditAnchorTests {
    /// Sets row `row` of `key` to `height` and expects the viewport's offset after.
    private func set(_ t: Table, _ key: String, _ row: Int, _ height: Double?, offset: Double,
                     sourceLocation: SourceLocation = #_sourceLocation) throws {
        try t.setRowHeight(section: .key(key), row: row, height: height)
        #expect(t.viewport?.offset == offset, sourceLocation: sourceLocation)
    }

    /// Inserts rows of `heights` before row `row` of `key` and expects the viewport's offset after.
    private func insert(_ t: Table, _ key: String, _ row: Int, _ heights: [Double], offset: Double,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        try t.insertRows(section: .key(key), at: row, heights: heights)
        #expect(t.viewport?.offset == offset, sourceLocation: sourceLocation)
    }

    /// Removes `count` rows from row `row` of `key` and expects the viewport's offset after.
    private func remove(_ t: Table, _ key: String, _ row: Int, _ count: Int, offset: Double,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        try t.removeRows(section: .key(key), at: row, count: count)
        #expect(t.viewport?.offset == offset, sourceLocation: sourceLocation)
    }

    @Test func editsAboveAtAndBelowTheAnchor() throws {
        // Mac 0..28, rows to 160; iPad 160..188, rows to 276; iPhone 276..304, rows 304..480.
        let t = try sampleTable()
        try t.setViewport(Viewport(offset: 300, height: 100))  // in iPhone's header: anchor item 7, 24 down
        let r = ChangeRecorder(t)
        // Above: Mac's row 1 grows by 10; the anchor moves down with the offset.
        try t.setRowHeight(section: "Mac", row: 1, height: 54)
        #expect(r.last?.anchoredOffset == 310)
        // Below: nothing moves.
        try set(t, "iPhone", 0, 10, offset: 310)
        // Above, shrinking to nothing: iPad's row 1 (242..286) loses 44.
        try set(t, "iPad", 1, 0, offset: 266)
        // iPhone: header 242..270, row 0 270..280, row 1 280..324. Anchored
        // to row 1 (20 down), which then grows and shrinks: its top stays.
        try t.setViewport(Viewport(offset: 300, height: 50))
        try set(t, "iPhone", 1, 100, offset: 300)
        try set(t, "iPhone", 1, 5, offset: 300)
        // A fraction of a point above: offsets stay exact.
        try t.setViewport(Viewport(offset: 100.3, height: 50))
        try set(t, "Mac", 0, 44.5, offset: 100.8)
        // Back to the default height (nil): 44.5 -> 44.
        try set(t, "Mac", 0, nil, offset: 100.3)
        // The same height again changes nothing and reports nothing.
        let reported = r.sets.count
        try t.setRowHeight(section: "Mac", row: 2, height: 44)
        #expect(r.sets.count == reported)
        // Anchored to Mac's row 1 (72..126). An expanded height above: shown
        // only once the row is expanded, then changed while it is.
        try t.setExpandedHeight(100, section: "Mac", row: 0)
        #expect(t.viewport?.offset == 100.3)
        #expect(try t.setRowExpanded(true, section: "Mac", row: 0))
        #expect(t.viewport?.offset == 156.3)
        try t.setExpandedHeight(80, section: "Mac", row: 0)
        #expect(t.viewport?.offset == 136.3)
        // Losing it collapses the row (80 -> 44) above the viewport.
        try t.setExpandedHeight(nil, section: "Mac", row: 0)
        // The anchor's top after (72) plus how far below its top before
        // (108) the offset was, in doubles, as the general way adds them.
        #expect(t.viewport?.offset == 72 + (136.3 - 108))
    }

    /// A row of 0 pt ends where it starts: at an offset equal to its top it
    /// is not the first visible item, and growing, it moves the one that is.
    /// The row's top in its piece is then not read (the piece starts at the
    /// offset): the rule must still see that the row's bottom is not below.
    @Test func zeroHeightRowsAtThePiecesTop() throws {
        // Mac 0..28, rows from 28; row 0 at 0 pt, so row 1 starts at 28 too.
        let t = try sampleTable()
        try t.setRowHeight(section: "Mac", row: 0, height: 0)
        try t.setViewport(Viewport(offset: 28, height: 100))
        try set(t, "Mac", 0, 30, offset: 58)
        // The first row of the second chunk (rows 64..127) of 130 rows of 10 pt.
        for batched in [false, true] {
            let u = try makeTable([.section("a")])
            try u.insertRows(section: .key("a"), at: 0, heights: Array(repeating: 10, count: 130))
            try u.setRowHeight(section: .key("a"), row: 64, height: 0)
            let top = try u.itemTop(at: 65)  // (the header is item 0)
            #expect(top == u.contentHeight - 650)
            try u.setViewport(Viewport(offset: top, height: 100))
            try u.batch(if: batched) { try u.setRowHeight(section: .key("a"), row: 64, height: 25) }
            #expect(u.viewport?.offset == top + 25, "batched: \(batched)")
            // Its bottom is now at the offset, so row 65 is still the first
            // visible item, and moves again; once the row is shrunk while
            // the offset is inside it, the offset stays.
            try u.batch(if: batched) { try u.setRowHeight(section: .key("a"), row: 64, height: 40) }
            #expect(u.viewport?.offset == top + 40, "batched: \(batched)")
            try u.setViewport(Viewport(offset: top + 1, height: 100))
            try u.batch(if: batched) { try u.setRowHeight(section: .key("a"), row: 64, height: 5) }
            #expect(u.viewport?.offset == top + 1, "batched: \(batched)")
            // The last row of the first chunk shrinking to nothing, the
            // offset inside it: it is the first visible item, before the
            // edit, though the offset is past the chunk's end after it.
            let last = try u.itemTop(at: 64)
            try u.setViewport(Viewport(offset: last + 5, height: 100))
            try u.batch(if: batched) { try u.setRowHeight(section: .key("a"), row: 63, height: 0) }
            #expect(u.viewport?.offset == last + 5, "batched: \(batched)")
        }
    }

    @Test func belowTheLastItemAndInsideThePadding() throws {
        var options = TableOptions()
        options.paddingTop = 10
        options.paddingBottom = 200
        let t = try makeTable([.section("a", rows: 3), .section("b", rows: 2)], options: options)
        // Items: a 10..38, rows 38..170; b 170..198, rows 198..286; content 486.
        try t.setViewport(Viewport(offset: 300, height: 100))  // below the last item: anchored to it, 58 down
        try set(t, "a", 0, 64, offset: 320)
        // The last item itself: its top does not move.
        try set(t, "b", 1, 4, offset: 320)
        // Rows after the last item: it stays the anchor. Out again: the
        // anchor goes, and the item before takes its place (262, 54 above
        // the offset as the anchor, 266, was).
        try insert(t, "b", 2, [10], offset: 320)
        try remove(t, "b", 2, 1, offset: 316)
        // The offset exactly at row a.1's top (a.0's bottom): a.0 is above
        // the anchor, and its change moves it.
        try t.setViewport(Viewport(offset: 102, height: 100))
        try set(t, "a", 0, 50, offset: 88)
        // Inside the top padding no item is under the offset: it stays.
        try t.setViewport(Viewport(offset: 5, height: 100))
        try set(t, "a", 0, 30, offset: 5)
    }

    @Test func rowsInAndOutAboveAtAndBelowTheOffset() throws {
        // Mac 0..28, rows to 160; iPad 160..188, rows to 276; iPhone 276..304, rows 304..480.
        let t = try sampleTable()
        try t.setViewport(Viewport(offset: 200, height: 100))  // in iPad's row 0 (188..232), 12 down
        // Below the offset: nothing above it moves.
        try insert(t, "iPhone", 1, [30], offset: 200)
        try remove(t, "iPhone", 0, 2, offset: 200)
        // Where iPad's row 0 starts (188): the new row goes above the anchor.
        try insert(t, "iPad", 0, [10.5], offset: 210.5)
        // Above, two rows out at once (Mac's rows 0-1, 28..117 after one grows).
        try t.setRowHeight(section: "Mac", row: 1, height: 45)
        #expect(t.viewport?.offset == 211.5)
        try remove(t, "Mac", 0, 2, offset: 122.5)
        // iPad: header 72..100, the new row 0 100..110.5. The anchor itself
        // out: iPad's old row 0 takes its place (100), 5 above the offset
        // as the anchor was.
        try t.setViewport(Viewport(offset: 105, height: 100))
        try remove(t, "iPad", 0, 1, offset: 105)
        #expect(try t.itemTop(at: 3) == 100)
        // The offset exactly where rows go in (iPad's row 0, at 100): they
        // go above the anchor, which moves down with them.
        try t.setViewport(Viewport(offset: 100, height: 100))
        try insert(t, "iPad", 0, [7], offset: 107)
        // One row out above the anchor (Mac's last row, 28..72): up by 44.
        try remove(t, "Mac", 0, 1, offset: 63)
        // The offset exactly at the bottom of the row going out (iPad's
        // row 0, 56..63): the anchor is the row below it, up by 7.
        try remove(t, "iPad", 0, 1, offset: 56)
        // A collapsed section changes nothing shown.
        try t.setCollapsed(true, section: "Mac")
        let offset = try #require(t.viewport?.offset)
        try insert(t, "Mac", 0, [500], offset: offset)
    }

    @Test func oneRowOutOfARun() throws {
        // Default rows, one run a section. iPhone 276..304, rows 304..480.
        let t = try sampleTable()
        // The offset at the bottom of iPhone's row 0: the anchor is row 1,
        // which moves up by the row that goes.
        try t.setViewport(Viewport(offset: 348, height: 50))
        try remove(t, "iPhone", 0, 1, offset: 304)
        // The anchor itself goes: the next row takes its place, at its top.
        try remove(t, "iPhone", 0, 1, offset: 304)
        // A row above (Mac's row 1, 72..116).
        try remove(t, "Mac", 1, 1, offset: 260)
    }

    @Test func severalRowsOutAroundTheOffset() throws {
        // Mac 0..28, rows 28..72, 72..116, 116..160; iPad 160..188, rows to
        // 276; iPhone 276..304, rows 304..480.
        var t = try sampleTable()
        // The offset inside the first of the rows out (Mac's row 1, 8
        // down): iPad's header takes its place, at its top.
        try t.setViewport(Viewport(offset: 80, height: 100))
        try remove(t, "Mac", 1, 2, offset: 80)
        #expect(try t.itemTop(at: 2) == 72)
        // Inside the second (Mac's row 2, 4 down): found the general way,
        // iPad's header in its place, 4 down.
        t = try sampleTable()
        try t.setViewport(Viewport(offset: 120, height: 100))
        try remove(t, "Mac", 1, 2, offset: 76)
        // All of them above the offset (a log dropping its oldest rows, 132
        // pt): the anchor, iPhone's header, moves up with them.
        t = try sampleTable()
        try t.setViewport(Viewport(offset: 300, height: 100))
        try remove(t, "Mac", 0, 3, offset: 168)
        // The last items out (iPhone's last two rows, 392..480), the offset
        // in the first of them: found the general way (no item after them),
        // and held inside the content (392 tall now).
        t = try sampleTable()
        try t.setViewport(Viewport(offset: 400, height: 50))
        try remove(t, "iPhone", 2, 2, offset: 342)
        // The offset below the items, in a bottom padding of 200, and
        // iPhone's rows 304..348, 348..378, 378..422, 422..466: the anchor
        // was the last item (78 above the offset), which goes; the item
        // left last (row 1) takes its place, 78 above the offset (not
        // moved up by the 88 that go).
        var options = TableOptions()
        options.paddingBottom = 200
        t = try makeTable([.section("Mac", rows: 3), .section("iPad", rows: 2), .section("iPhone", rows: 4)],
                          options: options)
        try t.setRowHeight(section: "iPhone", row: 1, height: 30)
        try t.setViewport(Viewport(offset: 500, height: 50))
        try remove(t, "iPhone", 2, 2, offset: 426)
        // In the last 1/256 pt of the items out, they are not all above it:
        // one row (Mac's row 0, 28..72), the anchor itself, stays in place;
        let tiny = 1.0 / 256
        t = try sampleTable()
        try t.setViewport(Viewport(offset: 72 - tiny, height: 100))
        try remove(t, "Mac", 0, 1, offset: 72 - tiny)
        // two rows (Mac's rows 0-1, 28..116): the anchor, row 1, is found
        // the general way, and row 2 takes its place 44 - tiny down.
        t = try sampleTable()
        try t.setViewport(Viewport(offset: 116 - tiny, height: 100))
        try remove(t, "Mac", 0, 2, offset: 72 - tiny)
    }

    @Test func rowsOutAcrossChunks() throws {
        // 100 rows of 10 pt after a 28 pt header (row i at 28 + 10i), in
        // chunks of 64: rows 60..<70 (628..728) span two.
        func table(offset: Double) throws -> Table {
            let t = try makeTable([.section("a", rows: 0)])
            try t.insertRows(section: "a", at: 0, heights: Array(repeating: 10, count: 100))
            try t.setViewport(Viewport(offset: offset, height: 100))
            return t
        }
        // Below them: up by their 100.
        try remove(try table(offset: 800), "a", 60, 10, offset: 700)
        // Exactly at their end (row 70's top): row 70 is the anchor.
        try remove(try table(offset: 728), "a", 60, 10, offset: 628)
        // Inside the last of them (row 69, 9 down): found the general way,
        // row 70 in its place, 9 down.
        try remove(try table(offset: 727), "a", 60, 10, offset: 637)
        // ... up to its last 1/256 pt.
        try remove(try table(offset: 728 - 1.0 / 256), "a", 60, 10, offset: 638 - 1.0 / 256)
        // Inside the first (row 60, 2 down): row 70 takes its place.
        try remove(try table(offset: 630), "a", 60, 10, offset: 630)
        // Inside the second (row 61, 7 down): the general way, 7 down.
        try remove(try table(offset: 645), "a", 60, 10, offset: 635)
        // A subsection (header 678..706, row 706..750) between rows 64 and
        // 65 (750..760) stays and moves up by the 100: it is told as
        // removed and added back before row 70 (800, then 700), which takes
        // the place of every item out (the subsection's too).
        for (offset, after) in [(800.0, 700.0), (710, 704), (680, 702), (630, 702)] {
            let t = try table(offset: 0)
            try t.insertSection(in: "a", at: 65, key: "sub", rows: 1)
            try t.setViewport(Viewport(offset: offset, height: 100))
            try remove(t, "a", 60, 10, offset: after)
        }
    }

    @Test func oneSectionOutAroundTheOffset() throws {
        // Mac 0..160, iPad 160..276 (header 160..188), iPhone 276..480.
        var t = try sampleTable()
        // The offset in the header of the section out: iPhone's header takes its place.
        try t.setViewport(Viewport(offset: 165, height: 100))
        try t.removeSection("iPad")
        #expect(t.viewport?.offset == 165)
        // Exactly at its bottom (the offset at iPad's top): the anchor is
        // iPad's header, below the section out, which moves up by Mac's 160.
        t = try sampleTable()
        try t.setViewport(Viewport(offset: 160, height: 100))
        try t.removeSection("Mac")
        #expect(t.viewport?.offset == 0)
        // The offset in the last 1/256 pt of the section out (Mac's row 2,
        // 116..160): found the general way, iPad's header in its place.
        t = try sampleTable()
        try t.setViewport(Viewport(offset: 160 - 1.0 / 256, height: 100))
        try t.removeSection("Mac")
        #expect(t.viewport?.offset == 44 - 1.0 / 256)
        // A collapsed section out above the offset: only its header's 28.
        t = try sampleTable()
        try t.setCollapsed(true, section: "Mac")
        try t.setViewport(Viewport(offset: 50, height: 100))
        try t.removeSection("Mac")
        #expect(t.viewport?.offset == 22)
    }

    /// Collapses or expands `key` and expects the viewport's offset after.
    private func collapse(_ t: Table, _ key: String, _ collapsed: Bool, offset: Double,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try t.setCollapsed(collapsed, section: .key(key)), sourceLocation: sourceLocation)
        #expect(t.viewport?.offset == offset, sourceLocation: sourceLocation)
    }

    /// The header's example with `options`, the viewport at `offset`.
    private func sample(offset: Double, height: Double = 100, _ options: TableOptions = TableOptions()) throws -> Table {
        let t = try makeTable([.section("Mac", rows: 3), .section("iPad", rows: 2), .section("iPhone", rows: 4)],
                              options: options)
        try t.setViewport(Viewport(offset: offset, height: height))
        return t
    }

    @Test func sectionsCollapsedAndExpanded() throws {
        // Mac 0..160 (header 0..28), iPad 160..276 (header 160..188, rows
        // 188..232, 232..276), iPhone 276..480.
        // iPad's row 0, 12 down; above the offset Mac's 132 of rows go and come back.
        var t = try sample(offset: 200)
        try collapse(t, "Mac", true, offset: 68)
        try collapse(t, "Mac", false, offset: 200)
        // The offset inside the rows that go: the general way, iPhone's
        // header in the place of iPad's row 0 (188), 12 down.
        try collapse(t, "iPad", true, offset: 200)
        // Exactly at their top (iPad's header's bottom): the same, 0 down.
        t = try sample(offset: 188)
        #expect(try t.toggle(section: "iPad"))
        #expect(t.viewport?.offset == 188)
        // In the header: nothing above the offset moves.
        t = try sample(offset: 170)
        try collapse(t, "iPad", true, offset: 170)
        try collapse(t, "iPad", false, offset: 170)
        // Inside the second row that goes (iPad's row 1, 8 down): the
        // general way, iPhone's header at 188, 8 down.
        try collapse(try sample(offset: 240), "iPad", true, offset: 196)
        // Following the end (iPhone collapsed, 104 + 200 = 304), an expand
        // keeps the first visible item (Mac's row 1) where it was, not the
        // end in view (which would be 280).
        var options = TableOptions()
        options.followEnd = true
        t = try sample(offset: 0, height: 200, options)
        try t.setCollapsed(true, section: "iPhone")
        try t.setViewport(Viewport(offset: 104, height: 200))
        try collapse(t, "iPhone", false, offset: 104)
        // The last section expanded below the items (a bottom padding of
        // 200, iPhone collapsed to its header, 276..304): the anchor, that
        // header, stays, and so does the offset.
        options = TableOptions()
        options.paddingBottom = 200
        t = try sample(offset: 0, options)
        try t.setCollapsed(true, section: "iPhone")
        try t.setViewport(Viewport(offset: 350, height: 50))
        try collapse(t, "iPhone", false, offset: 350)
    }

    @Test func sectionsInAndOut() throws {
        // Mac 0..160, iPad 160..276 (row 0 188..232), iPhone 276..480.
        let t = try sampleTable()
        try t.setViewport(Viewport(offset: 200, height: 100))  // iPad's row 0, 12 down
        // Below: nothing above the offset moves.
        try t.insertSection(at: 3, key: "Watch", rows: 2)
        #expect(t.viewport?.offset == 200)
        try t.removeSection("Watch")
        #expect(t.viewport?.offset == 200)
        // Above: the anchor moves with what comes in and goes out.
        try t.insertSection(at: 0, key: "TV", rows: 1)  // 28 + 44
        #expect(t.viewport?.offset == 272)
        try t.removeSection("TV")
        #expect(t.viewport?.offset == 200)
        // The anchor's section out: iPhone's header takes its place (160), 12 down.
        try t.removeSection("iPad")
        #expect(t.viewport?.offset == 172)
    }

    @Test func childPlacesAreTheirItemsPlaces() throws {
        var options = TableOptions()
        options.paddingTop = 3
        options.paddingBottom = 50
        options.footerHeight = 6
        let nodes: [Node] = [
            .section("a", rows: 200),
            .section("b", rows: 30, children: [.section("b1", rows: 70), .rows(5), .section("b2", rows: 2)]),
            .section("c", rows: 0), .section("d", rows: 9, flags: .noHeader), .section("e", rows: 4, flags: .collapsed),
        ]
        let t = try makeTable(nodes, options: options)
        // Heights of their own, and expanded rows, in the runs.
        for (key, row, height) in [("a", 1, 30.5), ("a", 70, 12), ("b", 3, 60), ("b1", 0, 1)] {
            try t.setRowHeight(section: .key(key), row: row, height: height)
        }
        for (key, row) in [("a", 2), ("a", 69), ("b1", 5), ("d", 8)] {
            try t.setExpandedHeight(90, section: .key(key), row: row)
            #expect(try t.setRowExpanded(true, section: .key(key), row: row))
        }
        let end = t.contentUnits - t.paddingBottomUnits
        for key in ["", "a", "b", "b1", "b2", "c", "d", "e"] {
            let s = key.isEmpty ? t.root : try t.section(.key(key))
            let header = s === t.root ? nil : try? t.headerPlace(of: s)
            for c in 0...s.childCount {
                let place = t.childPlace(s, c, header: header)
                guard let position = t.childPosition(s, c) else {
                    #expect(place == nil, "\(key) \(c)")
                    continue
                }
                let top = position < t.itemCount ? try t.itemTopUnits(at: position) : end
                #expect(place?.position == position && place?.top == top, "\(key) child \(c)")
            }
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func sameOffsetsAsTheGeneralWay(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        var options = TableOptions()
        options.paddingTop = seed % 2 == 0 ? 7.5 : 0
        options.paddingBottom = seed % 3 == 0 ? 0 : 130
        options.footerHeight = seed % 2 == 1 ? 6 : 0
        // Rows across chunks, a nested section, a collapsed one, a headerless one.
        let nodes: [Node] = [
            .section("a", rows: 150), .section("b", rows: 3),
            .section("c", rows: 40, children: [.section("c1", rows: 80), .section("c2", rows: 5)]),
            .section("d", rows: 70), .section("e", rows: 0), .section("f", rows: 90, flags: .noHeader),
        ]
        // Seeds 3 and 6 follow the end, often from it; 4 and 5 expand rows
        // under an accordion.
        options.followEnd = seed % 3 == 0
        options.accordion = seed == 4 ? .single : seed == 5 ? .singlePerSection : .multiple
        let fast = try makeTable(nodes, options: options)
        let general = try makeTable(nodes, options: options)
        try fast.setCollapsed(true, section: "d")
        try general.setCollapsed(true, section: "d")
        if seed % 2 == 0 {
            // Expanded heights not set are asked when a row expands.
            for t in [fast, general] { t.setExpandedHeightProvider { key, row in Double(30 + (row * 37 + key.count) % 150) } }
        }
        var rows = ["a": 150, "b": 3, "c": 40, "c1": 80, "c2": 5, "d": 70, "f": 90]
        var added: [String] = []
        let told = ChangeRecorder(fast), reference = ChangeRecorder(general)
        func height() -> Double? {
            switch rng.below(6) {
            case 0: return nil
            case 1: return 0
            case 2: return Double(rng.below(120 * 256)) / 256  // whole units
            case 3: return Double(rng.below(1200)) / 10  // between units
            default: return Double(20 + rng.below(70))
            }
        }
        func scroll() throws {
            let content = Int(fast.contentHeight * 4)
            var offset = Double(rng.below(content + 1)) / 4 + (rng.below(3) == 0 ? 0.1 : 0)
            // Often exactly at an item's top: the bottom of the one before.
            if rng.below(3) == 0 { offset = try fast.itemTop(at: rng.below(fast.itemCount)) }
            let height = Double(50 + rng.below(400))
            if options.followEnd, rng.below(2) == 0 { offset = max(0, fast.contentHeight - height) }
            let v = Viewport(offset: offset, height: height)
            try fast.setViewport(v)
            try general.setViewport(v)
        }
        try scroll()
        for step in 0..<600 {
            let keys = rows.keys.filter { rows[$0]! > 0 }.sorted()
            let key = keys[rng.below(keys.count)]
            let row = rng.below(rows[key]!)
            let reported = (told.sets.count, reference.sets.count)
            switch rng.below(12) {
            case 0, 1:
                try scroll()
                continue
            case 2:
                let h = height()
                try fast.setExpandedHeight(h, section: .key(key), row: row)
                try general.batch { try general.setExpandedHeight(h, section: .key(key), row: row) }
            case 4 where rows[key]! > 3:
                // Rows out: one, a few, or up to a chunk's worth.
                let count = rng.below(4) == 0 ? 1 + rng.below(min(rows[key]! - 1, 70)) : 1 + rng.below(3)
                let at = rng.below(rows[key]! - count + 1)
                try fast.removeRows(section: .key(key), at: at, count: count)
                try general.batch { try general.removeRows(section: .key(key), at: at, count: count) }
                rows[key]! -= count
            case 5:
                let heights = (0..<(1 + rng.below(3))).map { _ in Double(10 + rng.below(50)) }
                let at = rng.below(rows[key]! + 1)
                try fast.insertRows(section: .key(key), at: at, heights: heights)
                try general.batch { try general.insertRows(section: .key(key), at: at, heights: heights) }
                rows[key]! += heights.count
            case 6 where rng.below(4) == 0:
                // A section in, at the top level or in "c" (its children come first).
                let parent = rng.below(2) == 0 ? nil : "c"
                let index = parent == nil ? rng.below(fast.sectionCount + 1) : rows["c"]! + rng.below(3)
                let count = rng.below(4)
                for t in [fast, general] {
                    try t.batch(if: t === general) {
                        try t.insertSection(in: parent.map { .key($0) }, at: index, key: "n\(step)", rows: count)
                    }
                }
                rows["n\(step)"] = count
                added.append("n\(step)")
            case 7 where !added.isEmpty || rows["b"] != nil:
                // An added section out, or "b" (3 rows, its header) once.
                let gone = added.isEmpty || rng.below(8) == 0 && rows["b"] != nil
                    ? "b" : added.remove(at: rng.below(added.count))
                for t in [fast, general] { try t.batch(if: t === general) { try t.removeSection(.key(gone)) } }
                rows[gone] = nil
            case 8 where rng.below(2) == 0:
                // A section collapsed or expanded (or toggled), anchored from its header.
                let names = ["a", "b", "c", "c1", "c2", "d"].filter { rows[$0] != nil }
                let name = names[rng.below(names.count)]
                let how = rng.below(3)
                var flipped: [Bool] = []
                for t in [fast, general] {
                    try t.batch(if: t === general) {
                        flipped.append(how == 2 ? try t.toggle(section: .key(name))
                            : try t.setCollapsed(how == 0, section: .key(name)))
                    }
                }
                #expect(flipped[0] == flipped[1])
            case 3:
                // A row expanded or collapsed, toggled or activated: its
                // height alone changes (anchored from it), or under an
                // accordion other rows collapse too (the general way).
                let how = rng.below(4), expand = rng.below(2) == 0
                let position = try? fast.rowPosition(section: .key(key), row: row)
                var done: [String] = []
                for t in [fast, general] {
                    try t.batch(if: t === general) {
                        switch how {
                        case 0: done.append("\(try t.toggleRow(section: .key(key), row: row))")
                        case 1: done.append("\(try position.map { try t.activate(position: $0) } as Any)")
                        default: done.append("\(try t.setRowExpanded(expand, section: .key(key), row: row))")
                        }
                    }
                }
                #expect(done[0] == done[1], "seed \(seed), step \(step)")
            default:
                let h = height()
                try fast.setRowHeight(section: .key(key), row: row, height: h)
                try general.batch { try general.setRowHeight(section: .key(key), row: row, height: h) }
            }
            let context = Comment(rawValue: "seed \(seed), step \(step), \(key) row \(row)")
            #expect(fast.contentHeight == general.contentHeight, context)
            #expect(fast.viewport?.offset == general.viewport?.offset, context)
            #expect(told.sets.count - reported.0 == reference.sets.count - reported.1, context)
            if told.sets.count > reported.0 {
                #expect(told.last?.anchoredOffset == reference.last?.anchoredOffset, context)
            }
        }
    }
}
