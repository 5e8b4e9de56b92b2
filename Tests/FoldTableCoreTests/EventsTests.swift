import Testing
@testable import FoldTableCore

/// Mac (3 rows), iPad (2), iPhone (4); header 28, row 44; content 480.
@Suite struct ChangeEventTests {
    @Test func collapsingAndExpanding() throws {
        let t = try sampleTable()
        let r = ChangeRecorder(t)
        try t.setCollapsed(true, section: "iPad")
        #expect(r.last?.changes == [FlatChange(position: 5, removed: 2, added: 0)])
        #expect(r.last?.redraw == [4..<5])
        #expect(r.last?.contentHeightDelta == -88)
        try t.setCollapsed(false, section: "iPad")
        #expect(r.last?.changes == [FlatChange(position: 5, removed: 0, added: 2)])
        // Expanding an already expanded section reports nothing.
        try t.setCollapsed(false, section: "iPad")
        #expect(r.sets.count == 2)
    }

    @Test func gtkStyleCases() throws {
        let t = try sampleTable()
        try t.appendSection(key: "Watch")
        let r = ChangeRecorder(t)
        // Adding rows to an empty section: the rows appear, the header's indicator changes.
        try t.insertRows(section: "Watch", at: 0, count: 2)
        #expect(r.last?.changes == [FlatChange(position: 13, removed: 0, added: 2)])
        #expect(r.last?.redraw == [12..<13])
        // 0.2: more rows redraw the header too (its row count changed).
        try t.insertRows(section: "Watch", at: 2, count: 1)
        #expect(r.last?.changes == [FlatChange(position: 15, removed: 0, added: 1)])
        #expect(r.last?.redraw == [12..<13])
        // Removing a section in the middle.
        try t.removeSection("iPad")
        #expect(r.last?.changes == [FlatChange(position: 4, removed: 3, added: 0)])
        // 0.2: collapsing an empty section stores the state and redraws its header (position 13).
        try t.appendSection(key: "Empty")
        let count = r.sets.count
        #expect(try t.setCollapsed(true, section: "Empty") == true)
        #expect(r.sets.count == count + 1)
        #expect(r.last?.changes == [])
        #expect(r.last?.redraw == [13..<14])
        // Again: already so, nothing said.
        #expect(try t.setCollapsed(true, section: "Empty") == false)
        #expect(r.sets.count == count + 1)
    }

    @Test func movesAndHeights() throws {
        let t = try sampleTable()
        let r = ChangeRecorder(t)
        try t.moveSection(from: 0, to: 2)
        #expect(r.last?.changes == [FlatChange(position: 0, removed: 4, added: 0),
                                    FlatChange(position: 8, removed: 0, added: 4)])
        try t.setRowHeight(section: "iPad", row: 1, height: 60)
        #expect(r.last?.changes == [])
        #expect(r.last?.redraw == [2..<3])
        #expect(r.last?.contentHeightDelta == 16)
    }

    @Test func listenersMayReadButNotChangeTheTable() throws {
        let t = try sampleTable()
        var seen: [Int] = []
        var refused: FoldError?
        t.onChange { [unowned t] _ in
            seen.append(t.itemCount)
            do { try t.setCollapsed(true, section: "Mac") } catch let e as FoldError { refused = e } catch {}
        }
        try t.setCollapsed(true, section: "iPhone")
        #expect(seen == [8])
        #expect(refused?.code == .busy)
        #expect(try t.isCollapsed(section: "Mac") == false)
    }

    /// A walk holds the tree's nodes unretained, so nothing it calls may
    /// change the table: each attempt is refused, the walk hands out every
    /// item, and the table is as it was.
    @Test func aWalkRefusesChangesFromWhatItCalls() throws {
        let t = try sampleTable()
        var positions: [Int] = []
        var refused: [FoldError.Code] = []
        t.forEachItem(from: 0) { placed in
            positions.append(placed.position)
            do { try t.setCollapsed(true, section: "Mac") } catch let e as FoldError { refused.append(e.code) } catch {}
            return true
        }
        #expect(positions == Array(0..<12))
        #expect(refused == Array(repeating: .busy, count: 12))
        #expect(try t.isCollapsed(section: "Mac") == false)
        // Once the walk is over, changes go through again.
        try t.setCollapsed(true, section: "Mac")
        #expect(t.itemCount == 9)
    }

    @Test func willListenersCanRefuse() throws {
        let t = try sampleTable()
        var events: [String] = []
        let id = t.onSection { key, event in
            events.append("\(key):\(event)")
            return !(key == "Mac" && event == .willCollapse)
        }
        #expect(try t.setCollapsed(true, section: "Mac") == false)
        #expect(try t.setCollapsed(true, section: "iPad"))
        #expect(events == ["Mac:willCollapse", "iPad:willCollapse", "iPad:didCollapse"])
        #expect(try t.setAllCollapsed(true) == 1)  // iPhone; Mac still refuses
        #expect(t.removeListener(id))
        #expect(t.removeListener(id) == false)
        #expect(try t.setCollapsed(true, section: "Mac"))
    }

    @Test func rowListenersAndTheAccordion() throws {
        var o = TableOptions()
        o.accordion = .single
        let t = try Table(options: o)
        try t.appendSection(key: "A", rows: 2)
        try t.setExpandedHeight(100, section: "A", row: 0)
        try t.setExpandedHeight(100, section: "A", row: 1)
        var events: [String] = []
        t.onRow { ref, event in events.append("\(ref.row):\(event)"); return true }
        try t.setRowExpanded(true, section: "A", row: 0)
        try t.setRowExpanded(true, section: "A", row: 1)
        #expect(events == ["0:willExpand", "0:didExpand",
                           "0:willCollapse", "1:willExpand", "0:didCollapse", "1:didExpand"])
    }
}

@Suite struct ScrollingTests {
    @Test func anchoringKeepsTheFirstVisibleItemInPlace() throws {
        let t = try sampleTable()
        try t.setViewport(Viewport(offset: 300, height: 100))  // inside iPhone's header (276..304)
        let r = ChangeRecorder(t)
        // Above the viewport: Mac collapses (-132), the viewport follows.
        try t.setCollapsed(true, section: "Mac")
        #expect(r.last?.anchoredOffset == 168)
        #expect(t.viewport?.offset == 168)
        // Below the viewport: nothing moves.
        try t.setRowHeight(section: "iPhone", row: 3, height: 100)
        #expect(r.last?.anchoredOffset == 168)
        // Across the viewport top: the anchor item grows above; its top stays, so the offset stays.
        try t.setHeaderHeight(40, section: "iPhone")
        #expect(t.viewport?.offset == 168)
        // The anchor itself removed: the next item takes its place on screen.
        try t.removeSection("iPhone")
        #expect(t.itemCount == 4)
        // iPad's last row (100..144) takes the anchor's place 24 above the
        // top: 124, clamped to the content (144) minus the viewport (100).
        #expect(t.viewport?.offset == 44)
    }

    @Test func scrollToEveryAlignmentAtBothEnds() throws {
        let t = try sampleTable()  // content 480, viewport 100
        func to(_ p: Int, _ a: ScrollAlignment, from offset: Double = 200) throws -> Double {
            try t.scrollOffset(toItem: p, alignment: a, offset: offset, viewportHeight: 100)
        }
        #expect(try to(0, .start) == 0)
        #expect(try to(0, .end) == 0)            // clamped at the top
        #expect(try to(0, .center) == 0)
        #expect(try to(0, .auto) == 0)
        #expect(try to(11, .start) == 380)       // clamped at the bottom
        #expect(try to(11, .end) == 380)
        #expect(try to(11, .center) == 380)
        #expect(try to(11, .auto) == 380)
        #expect(try to(5, .start) == 188)
        #expect(try to(5, .end) == 132)
        #expect(try to(5, .center) == 160)
        #expect(try to(5, .auto) == 188)         // above the viewport at 200: least movement aligns its top
        #expect(try to(6, .auto) == 200)         // 232..276 is visible from 200..300: no movement
        #expect(try to(6, .smart) == 200)
        #expect(try to(11, .smart, from: 0) == 380)   // far away: centred, clamped
        #expect(try to(4, .smart, from: 0) == 88)     // within one viewport: least movement
    }

    @Test func revealAfterExpanding() throws {
        let t = try sampleTable()
        try t.setCollapsed(true, section: "iPhone")
        try t.setCollapsed(false, section: "iPhone")
        // Header 276..304 and rows to 480: 204 points do not fit 100; the header goes to the top.
        #expect(try t.revealOffset(section: "iPhone", offset: 0, viewportHeight: 100) == 276)
        // A tall viewport only needs to scroll down until the last shown row is in.
        #expect(try t.revealOffset(section: "iPhone", offset: 0, viewportHeight: 300) == 180)
        #expect(try t.revealOffset(section: "Mac", offset: 0, viewportHeight: 300) == 0)
    }

    @Test func revealingARowInACollapsedSection() throws {
        let t = try sampleTable()
        try t.setCollapsed(true, section: "iPad")
        #expect(throws: FoldError.self) { try t.revealRow(section: "iPad", row: 1, expandAncestors: false) }
        #expect(try t.revealRow(section: "iPad", row: 1, expandAncestors: true) == 6)
        #expect(try t.isCollapsed(section: "iPad") == false)
    }
}
